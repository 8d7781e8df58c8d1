import { ClearOutlined } from '@ant-design/icons';
import {
  CALIBRATION_SCOPES,
  type CalibrationQuery,
  type CalibrationScope,
} from '@hr/contracts/epr-calibration';
import { Button, Card, DatePicker, Flex, Segmented, Select, TreeSelect } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCompanyChoices, useGroupChoices } from '../../../components/list/choices';
import { DATE_FORMAT, toApiDate } from '../../../lib/dates';

interface Props {
  value: CalibrationQuery;
  onChange: (next: CalibrationQuery) => void;
}

/** The grid's filters: company, group, period and which reviews; each applies at once. */
export function CalibrationFilters({ value, onChange }: Props) {
  const { t } = useTranslation();
  // Companies and groups load once their lists are opened (or a value needs its name).
  const [wantCompanies, setWantCompanies] = useState(false);
  const [wantGroups, setWantGroups] = useState(false);
  const companies = useCompanyChoices(wantCompanies || value.company_id !== undefined);
  const groups = useGroupChoices(wantGroups || value.group_id !== undefined);
  const set = (patch: Partial<CalibrationQuery>) => onChange({ ...value, ...patch });
  const label = (key: 'company' | 'group' | 'from' | 'to') => t(`eprCalibration.filters.${key}`);
  return (
    <Card
      size="small"
      style={{ marginBottom: 16 }}
      title={t('common.filterOptions')}
      role="region"
      aria-label={t('common.filterOptions')}
    >
      <Flex gap={12} wrap align="center">
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={label('company')}
          aria-label={label('company')}
          style={{ minWidth: 180 }}
          onOpenChange={(open) => open && setWantCompanies(true)}
          onFocus={() => setWantCompanies(true)}
          loading={companies.isLoading}
          value={value.company_id}
          onChange={(v?: number) => set({ company_id: v })}
          options={(companies.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
        />
        <TreeSelect
          allowClear
          showSearch={{ treeNodeFilterProp: 'title' }}
          placeholder={label('group')}
          aria-label={label('group')}
          style={{ minWidth: 200 }}
          onOpenChange={(open) => open && setWantGroups(true)}
          onFocus={() => setWantGroups(true)}
          loading={groups.isLoading}
          value={value.group_id}
          onChange={(v?: number) => set({ group_id: v })}
          treeDefaultExpandAll
          treeData={groups.data ?? []}
        />
        <DatePicker.RangePicker
          format={DATE_FORMAT}
          allowEmpty={[true, true]}
          placeholder={[label('from'), label('to')]}
          value={[
            value.from_date ? dayjs(value.from_date) : null,
            value.to_date ? dayjs(value.to_date) : null,
          ]}
          onChange={(range) => set({ from_date: toApiDate(range?.[0]), to_date: toApiDate(range?.[1]) })}
        />
        <Segmented<CalibrationScope>
          aria-label={t('eprCalibration.filters.scope')}
          value={value.scope ?? 'all'}
          onChange={(scope) => set({ scope })}
          options={CALIBRATION_SCOPES.map((s) => ({
            value: s,
            label: t(`eprCalibration.filters.scopes.${s}`),
          }))}
        />
        <Button icon={<ClearOutlined aria-hidden />} onClick={() => onChange({})}>
          {t('common.clear')}
        </Button>
      </Flex>
    </Card>
  );
}

import ClearOutlined from '@ant-design/icons-svg/es/asn/ClearOutlined';
import type { CalibrationQuery } from '@hr/contracts/epr-calibration';
import { CALIBRATION_SCOPES, type CalibrationScope } from '@hr/contracts/epr-calibration-rules';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCompanyChoices, useGroupChoices } from '../../../components/list/choices';
import { treeOptions } from '../../../components/list/filter-controls';
import { PlainCard } from '../../../components/PlainBlocks';
import { PlainIcon } from '../../../components/PlainIcon';
import { Button } from '../../../components/plain/Button';
import { Combobox } from '../../../components/plain/Combobox';
import { DateField } from '../../../components/plain/DateField';
import { Segmented } from '../../../components/plain/Segmented';
import { Select } from '../../../components/plain/Select';

interface Props {
  value: CalibrationQuery;
  onChange: (next: CalibrationQuery) => void;
}

/**
 * The grid's filters: company, group, period and which reviews; each applies
 * at once. The companies and groups are asked for with the filters, so they
 * are there by the time a list is opened.
 */
export function CalibrationFilters({ value, onChange }: Props) {
  const { t } = useTranslation();
  const companies = useCompanyChoices(true);
  const groups = useGroupChoices(true);
  const groupOptions = useMemo(() => treeOptions(groups.data ?? []), [groups.data]);
  const set = (patch: Partial<CalibrationQuery>) => onChange({ ...value, ...patch });
  const label = (key: 'company' | 'group' | 'from' | 'to') => t(`eprCalibration.filters.${key}`);
  return (
    <div className="calibration-filters">
      <PlainCard title={t('common.filterOptions')} region>
        <div className="plain-row plain-row--wide">
          <Combobox<number>
            allowClear
            placeholder={label('company')}
            aria-label={label('company')}
            style={{ minWidth: 180 }}
            loading={companies.isLoading}
            value={value.company_id}
            onChange={(v) => set({ company_id: v })}
            options={(companies.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
          />
          <Select<number>
            allowClear
            placeholder={label('group')}
            aria-label={label('group')}
            style={{ minWidth: 200 }}
            value={value.group_id}
            onChange={(v) => set({ group_id: v })}
            options={groupOptions}
          />
          <fieldset className="plain-range" aria-label={`${label('from')} – ${label('to')}`}>
            <DateField
              value={value.from_date}
              onChange={(d) => set({ from_date: d })}
              placeholder={label('from')}
              aria-label={label('from')}
              max={value.to_date}
            />
            <span aria-hidden="true" className="flip-rtl">
              →
            </span>
            <DateField
              value={value.to_date}
              onChange={(d) => set({ to_date: d })}
              placeholder={label('to')}
              aria-label={label('to')}
              min={value.from_date}
            />
          </fieldset>
          <Segmented<CalibrationScope>
            label={t('eprCalibration.filters.scope')}
            value={value.scope ?? 'all'}
            onChange={(scope) => set({ scope })}
            options={CALIBRATION_SCOPES.map((s) => ({
              value: s,
              label: t(`eprCalibration.filters.scopes.${s}`),
            }))}
          />
          <Button icon={<PlainIcon icon={ClearOutlined} />} onClick={() => onChange({})}>
            {t('common.clear')}
          </Button>
        </div>
      </PlainCard>
    </div>
  );
}

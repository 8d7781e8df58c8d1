import {
  KPI_PERSPECTIVE_SORT_FIELDS,
  KPI_TARGET_UNIT_SORT_FIELDS,
  KPI_YEAR_SORT_FIELDS,
  type KpiPerspective,
  type KpiTargetUnit,
  type KpiYear,
  kpiPerspectiveBody,
  kpiTargetUnitBody,
  kpiYearForm,
} from '@hr/contracts/kpi';
import { DATE_FORMAT } from '@hr/contracts/limits';
import { DatePicker, Form, InputNumber } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { enabledColumn } from '../../../components/admin/fields';
import { LegacyEnabledField, LegacyNameField } from '../../../components/admin/legacy-fields';
import { ResourcePage } from '../../../components/admin/ResourcePage';
import { ResourceTabs } from '../../../components/admin/ResourceTabs';
import { formatDate } from '../../../lib/dates';
import { kpiResources } from '../keys';

interface YearValues {
  name: string;
  from_date?: Dayjs;
  to_date?: Dayjs;
  enabled: boolean;
}
interface PerspectiveValues {
  name: string;
  sort_order: number;
  enabled: boolean;
}
interface UnitValues {
  name: string;
  enabled: boolean;
}

const EMPTY_YEAR: YearValues = { name: '', enabled: true };
const EMPTY_PERSPECTIVE: PerspectiveValues = { name: '', sort_order: 0, enabled: true };
const EMPTY_UNIT: UnitValues = { name: '', enabled: true };

function KpiYears() {
  const { t } = useTranslation();
  return (
    <ResourcePage<KpiYear, YearValues>
      resource={kpiResources.kpiYears}
      embedded
      sortFields={KPI_YEAR_SORT_FIELDS}
      defaultSort="from,desc"
      schema={kpiYearForm}
      emptyValues={EMPTY_YEAR}
      toValues={(y) => ({
        name: y.name,
        from_date: dayjs(y.from_date),
        to_date: dayjs(y.to_date),
        enabled: y.enabled,
      })}
      toBody={(v) => ({
        name: v.name,
        from_date: v.from_date?.format('YYYY-MM-DD'),
        to_date: v.to_date?.format('YYYY-MM-DD'),
        enabled: v.enabled,
      })}
      columns={[
        { key: 'id', title: t('kpi.admin.id'), dataIndex: 'id', width: 80, responsive: ['sm'] },
        { key: 'name', title: t('kpi.admin.name'), dataIndex: 'name' },
        { key: 'from', title: t('kpi.admin.from'), render: (_, y) => formatDate(y.from_date) },
        { key: 'to', title: t('kpi.admin.to'), render: (_, y) => formatDate(y.to_date) },
        enabledColumn(t('admin.common.status')),
      ]}
      antdFields={(rules) => (
        <>
          <LegacyNameField label={t('kpi.admin.name')} maxLength={60} rules={rules} />
          <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
            <Form.Item
              name="from_date"
              label={t('kpi.admin.from')}
              rules={rules('from_date')}
              required
              style={{ flex: 1, minWidth: 180 }}
            >
              <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item
              name="to_date"
              label={t('kpi.admin.to')}
              rules={rules('to_date')}
              dependencies={['from_date']}
              required
              style={{ flex: 1, minWidth: 180 }}
            >
              <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} />
            </Form.Item>
          </div>
          <LegacyEnabledField />
        </>
      )}
    />
  );
}

function KpiPerspectives() {
  const { t } = useTranslation();
  return (
    <ResourcePage<KpiPerspective, PerspectiveValues>
      translatedName={60}
      resource={kpiResources.kpiPerspectives}
      embedded
      sortFields={KPI_PERSPECTIVE_SORT_FIELDS}
      defaultSort="order,asc"
      schema={kpiPerspectiveBody}
      emptyValues={EMPTY_PERSPECTIVE}
      toValues={(p) => ({ name: p.name, sort_order: p.sort_order, enabled: p.enabled })}
      toBody={(v) => v}
      columns={[
        { key: 'id', title: t('kpi.admin.id'), dataIndex: 'id', width: 80, responsive: ['sm'] },
        { key: 'name', title: t('kpi.admin.name'), dataIndex: 'name' },
        {
          key: 'order',
          title: t('kpi.admin.order'),
          align: 'end',
          render: (_, p) => <span className="admin-count">{p.sort_order}</span>,
        },
        enabledColumn(t('admin.common.status')),
      ]}
      antdFields={(rules) => (
        <>
          <LegacyNameField label={t('kpi.admin.name')} maxLength={60} rules={rules} />
          <Form.Item name="sort_order" label={t('kpi.admin.order')} rules={rules('sort_order')}>
            <InputNumber min={0} max={100} style={{ width: '100%' }} />
          </Form.Item>
          <LegacyEnabledField />
        </>
      )}
    />
  );
}

function KpiTargetUnits() {
  const { t } = useTranslation();
  return (
    <ResourcePage<KpiTargetUnit, UnitValues>
      translatedName={60}
      resource={kpiResources.kpiTargetUnits}
      embedded
      sortFields={KPI_TARGET_UNIT_SORT_FIELDS}
      defaultSort="name,asc"
      schema={kpiTargetUnitBody}
      emptyValues={EMPTY_UNIT}
      toValues={(u) => ({ name: u.name, enabled: u.enabled })}
      toBody={(v) => v}
      columns={[
        { key: 'id', title: t('kpi.admin.id'), dataIndex: 'id', width: 80, responsive: ['sm'] },
        { key: 'name', title: t('kpi.admin.name'), dataIndex: 'name' },
        enabledColumn(t('admin.common.status')),
      ]}
      antdFields={(rules) => (
        <>
          <LegacyNameField label={t('kpi.admin.name')} maxLength={60} rules={rules} />
          <LegacyEnabledField />
        </>
      )}
    />
  );
}

/** Administration > KPI settings: the KPI years, the perspectives of objectives and the target units. */
export function Component() {
  const { t } = useTranslation();
  return (
    <ResourceTabs
      title={t('nav.kpiSettings')}
      subtitle={t('kpi.admin.intro')}
      tabs={[
        { key: 'years', label: t('admin.kpiYears.title'), children: <KpiYears /> },
        { key: 'perspectives', label: t('admin.kpiPerspectives.title'), children: <KpiPerspectives /> },
        { key: 'units', label: t('admin.kpiTargetUnits.title'), children: <KpiTargetUnits /> },
      ]}
    />
  );
}

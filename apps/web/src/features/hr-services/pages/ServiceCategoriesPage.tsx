import {
  categoryValueOf,
  NOC_CATEGORY,
  NOC_TYPE_SORT_FIELDS,
  type NocTypeItem,
  nocTypeCreate,
  SERVICE_CATEGORY_SORT_FIELDS,
  SERVICE_CATEGORY_VALUE_MAX,
  type ServiceCategoryItem,
  serviceCategoryForm,
} from '@hr/contracts/hr-services';
import { Form, type FormRule, Input, InputNumber, Space, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Count, enabledColumn } from '../../../components/admin/fields';
import { LegacyEnabledField, LegacyNameField } from '../../../components/admin/legacy-fields';
import { ResourcePage } from '../../../components/admin/ResourcePage';
import { ResourceTabs } from '../../../components/admin/ResourceTabs';
import { serviceResources } from '../keys';

interface CategoryValues {
  /** Set while a category is edited: its value is fixed then. */
  id?: number;
  name: string;
  value: string;
  sort_order: number;
  enabled: boolean;
}
interface NocTypeValues {
  name: string;
  enabled: boolean;
}

const EMPTY_CATEGORY: CategoryValues = { name: '', value: '', sort_order: 0, enabled: true };
const EMPTY_NOC_TYPE: NocTypeValues = { name: '', enabled: true };

/**
 * The value of a new category: typed, or made from the name (shown as the
 * placeholder); an edited category shows its value, which stays.
 */
function ValueField({ rules }: { rules: FormRule[] }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<CategoryValues>();
  const name = Form.useWatch('name', form) ?? '';
  const editing = Form.useWatch('id', { form, preserve: true }) !== undefined;
  const made = categoryValueOf(name);
  return (
    <Form.Item
      name="value"
      label={t('reference.serviceCategories.value')}
      rules={editing ? [] : rules}
      extra={
        editing
          ? t('reference.serviceCategories.valueFixed')
          : t('reference.serviceCategories.valueHelp', { value: made })
      }
    >
      <Input
        maxLength={SERVICE_CATEGORY_VALUE_MAX}
        disabled={editing}
        placeholder={made}
        dir="ltr"
        spellCheck={false}
        autoComplete="off"
      />
    </Form.Item>
  );
}

function ServiceCategories() {
  const { t } = useTranslation();
  return (
    <ResourcePage<ServiceCategoryItem, CategoryValues>
      translatedName={100}
      resource={serviceResources.serviceCategories}
      texts="reference.serviceCategories"
      embedded
      sortFields={SERVICE_CATEGORY_SORT_FIELDS}
      defaultSort="order,asc"
      schema={serviceCategoryForm}
      emptyValues={EMPTY_CATEGORY}
      toValues={(c) => ({
        id: c.id,
        name: c.name,
        value: c.value,
        sort_order: c.sort_order,
        enabled: c.enabled,
      })}
      toBody={(v) => ({
        name: v.name,
        // A new category sends its value only when one was typed; a change never moves it.
        ...(v.id === undefined && v.value.trim() !== '' ? { value: v.value.trim() } : {}),
        sort_order: v.sort_order,
        enabled: v.enabled,
      })}
      columns={[
        {
          key: 'order',
          title: t('reference.order'),
          width: 90,
          align: 'end',
          render: (_, c) => <Count value={c.sort_order} />,
        },
        {
          key: 'name',
          title: t('reference.name'),
          render: (_, c) => (
            <Space size={6} wrap>
              <Typography.Text strong>{c.name}</Typography.Text>
              {c.value === NOC_CATEGORY ? (
                <Tooltip title={t('reference.serviceCategories.nocNote')}>
                  <Tag color="blue">{t('reference.builtIn')}</Tag>
                </Tooltip>
              ) : null}
            </Space>
          ),
        },
        {
          key: 'value',
          title: t('reference.serviceCategories.value'),
          responsive: ['md'],
          render: (_, c) => (
            <Typography.Text code dir="ltr">
              {c.value}
            </Typography.Text>
          ),
        },
        {
          key: 'requests',
          title: t('reference.requests'),
          align: 'end',
          responsive: ['sm'],
          render: (_, c) => <Count value={c.requests_count} />,
        },
        enabledColumn(t('admin.common.status')),
      ]}
      antdFields={(rules) => (
        <>
          <LegacyNameField label={t('reference.name')} maxLength={100} rules={rules} />
          <ValueField rules={rules('value')} />
          <Form.Item name="sort_order" label={t('reference.order')} rules={rules('sort_order')}>
            <InputNumber min={0} max={100} style={{ width: '100%' }} />
          </Form.Item>
          <LegacyEnabledField />
        </>
      )}
    />
  );
}

function NocTypes() {
  const { t } = useTranslation();
  return (
    <ResourcePage<NocTypeItem, NocTypeValues>
      translatedName={100}
      resource={serviceResources.nocTypes}
      texts="reference.nocTypes"
      embedded
      sortFields={NOC_TYPE_SORT_FIELDS}
      defaultSort="id,asc"
      schema={nocTypeCreate}
      emptyValues={EMPTY_NOC_TYPE}
      toValues={(n) => ({ name: n.name, enabled: n.enabled })}
      toBody={(v) => v}
      columns={[
        { key: 'id', title: t('reference.id'), dataIndex: 'id', width: 80, responsive: ['sm'] },
        {
          key: 'name',
          title: t('reference.name'),
          render: (_, n) => <Typography.Text strong>{n.name}</Typography.Text>,
        },
        {
          key: 'requests',
          title: t('reference.requests'),
          align: 'end',
          render: (_, n) => <Count value={n.requests_count} />,
        },
        enabledColumn(t('admin.common.status')),
      ]}
      antdFields={(rules) => (
        <>
          <LegacyNameField label={t('reference.name')} maxLength={100} rules={rules} />
          <LegacyEnabledField />
        </>
      )}
    />
  );
}

/** Administration > Services and NOC types: what the HR service request form offers. */
export function Component() {
  const { t } = useTranslation();
  return (
    <ResourceTabs
      title={t('reference.hrServices.title')}
      subtitle={t('reference.hrServices.intro')}
      tabs={[
        { key: 'services', label: t('reference.serviceCategories.title'), children: <ServiceCategories /> },
        { key: 'noc-types', label: t('reference.nocTypes.title'), children: <NocTypes /> },
      ]}
    />
  );
}

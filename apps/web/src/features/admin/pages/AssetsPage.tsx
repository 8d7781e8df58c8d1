import { type Asset, assetCreate } from '@hr/contracts/admin';
import { Form, Input, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AdminOnly } from '../../../components/AdminOnly';
import { EnabledTag } from '../../../components/admin/fields';
import { LegacyEnabledField } from '../../../components/admin/legacy-fields';
import { ResourcePage } from '../../../components/admin/ResourcePage';
import { CompanySelect } from '../../../components/employee-search/CompanySelect';
import { EmployeeAvatar } from '../../../components/employee-search/EmployeeAvatar';
import { formatDate } from '../../../lib/dates';
import { adminResources } from '../keys';

interface AssetValues {
  company_id: number | undefined;
  name: string;
  code: string;
  description: string;
  enabled: boolean;
}

const EMPTY: AssetValues = { company_id: undefined, name: '', code: '', description: '', enabled: true };

/** Administration > Asset: company assets and who holds each (handing them out is on the profile). */
export function Component() {
  const { t } = useTranslation();
  return (
    <AdminOnly>
      <ResourcePage<Asset, AssetValues>
        resource={adminResources.assets}
        sortFields={['name', 'code', 'company', 'created']}
        schema={assetCreate}
        emptyValues={EMPTY}
        toValues={(a) => ({
          company_id: a.company?.id,
          name: a.name,
          code: a.code ?? '',
          description: a.description ?? '',
          enabled: a.enabled,
        })}
        toBody={(v) => ({
          company_id: v.company_id,
          name: v.name,
          code: v.code,
          description: v.description,
          enabled: v.enabled,
        })}
        columns={[
          {
            key: 'name',
            title: t('admin.assets.name'),
            render: (_, a) => (
              <div className="admin-name">
                <Typography.Text strong>{a.name}</Typography.Text>
                {a.description ? (
                  <Typography.Text type="secondary" ellipsis>
                    {a.description}
                  </Typography.Text>
                ) : null}
              </div>
            ),
          },
          {
            key: 'code',
            title: t('admin.assets.code'),
            responsive: ['sm'],
            render: (_, a) => (a.code ? <Typography.Text code>{a.code}</Typography.Text> : '—'),
          },
          {
            key: 'company',
            title: t('admin.assets.company'),
            render: (_, a) => a.company?.name ?? '—',
            responsive: ['md'],
          },
          {
            key: 'holder',
            title: t('admin.assets.holder'),
            render: (_, a) =>
              a.holder ? (
                <div className="admin-person">
                  <EmployeeAvatar name={a.holder.name} photo={a.holder.photo} size={28} />
                  <div className="admin-name">
                    <Link to={`/profile/${a.holder.id}`}>{a.holder.name}</Link>
                    <Typography.Text type="secondary">
                      {t('admin.assets.since', { date: formatDate(a.assigned_at) })}
                    </Typography.Text>
                  </div>
                </div>
              ) : (
                <Tag color="blue">{t('admin.assets.available')}</Tag>
              ),
          },
          {
            key: 'enabled',
            title: t('admin.common.status'),
            responsive: ['lg'],
            render: (_, a) => <EnabledTag on={a.enabled} words="active" />,
          },
        ]}
        antdFields={(rules) => (
          <>
            <Form.Item
              name="company_id"
              label={t('admin.assets.company')}
              rules={rules('company_id')}
              required
            >
              <CompanySelect placeholder={t('admin.offices.chooseCompany')} />
            </Form.Item>
            <Form.Item name="name" label={t('admin.assets.name')} rules={rules('name')} required>
              <Input maxLength={100} />
            </Form.Item>
            <Form.Item name="code" label={t('admin.assets.code')} rules={rules('code')}>
              <Input maxLength={40} />
            </Form.Item>
            <Form.Item name="description" label={t('admin.assets.description')} rules={rules('description')}>
              <Input.TextArea rows={3} maxLength={1000} showCount />
            </Form.Item>
            <LegacyEnabledField words="active" />
          </>
        )}
      />
    </AdminOnly>
  );
}

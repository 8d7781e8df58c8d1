import { PlusOutlined, RollbackOutlined } from '@ant-design/icons';
import type { FullProfile, ProfileAsset } from '@hr/contracts/employees';
import { Button, Card, Empty, Modal, Select, Table, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/dates';
import { confirmDialog, toastSuccess } from '../../../lib/notify';
import { useAdminAction, useAdminOptions } from '../api';
import { dash } from '../components/Sections';

/** The assets the employee holds; HR hands assets out and takes them back. */
export function AssetsTab({ profile }: { profile: FullProfile }) {
  const { t } = useTranslation();
  const isAdmin = profile.permissions.admin;
  const action = useAdminAction(profile.id);
  const [open, setOpen] = useState(false);
  const [assetId, setAssetId] = useState<number | null>(null);
  const options = useAdminOptions(profile.id, open);

  const assign = async () => {
    if (!assetId) return;
    try {
      await action.mutateAsync({ path: 'employees/assets/assign', body: { asset_id: assetId } });
      toastSuccess(t('notices.updated'));
      setAssetId(null);
      setOpen(false);
    } catch {
      // The toast has told why (for example, someone else holds it).
    }
  };

  const remove = async (asset: ProfileAsset) => {
    const ok = await confirmDialog({
      title: t('profile.admin.returnAssetTitle', { asset: asset.name }),
      content: t('profile.admin.returnAssetText', { name: profile.name }),
      okText: t('profile.admin.returnAsset'),
      danger: true,
    });
    if (!ok) return;
    await action
      .mutateAsync({ path: 'employees/assets/remove', body: { asset_id: asset.id } })
      .then(() => toastSuccess(t('notices.updated')))
      .catch(() => undefined);
  };

  return (
    <Card
      title={t('profile.sections.assets')}
      className="profile-section"
      extra={
        isAdmin ? (
          <Button type="primary" ghost icon={<PlusOutlined aria-hidden />} onClick={() => setOpen(true)}>
            {t('profile.admin.assignAsset')}
          </Button>
        ) : null
      }
    >
      <Table<ProfileAsset>
        rowKey="id"
        size="small"
        dataSource={profile.assets}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('profile.empty.assets')} />,
        }}
        columns={[
          { key: 'name', title: t('profile.fields.name'), dataIndex: 'name' },
          { key: 'code', title: t('profile.fields.code'), render: (_, a) => <bdi>{dash(a.code)}</bdi> },
          {
            key: 'description',
            title: t('profile.fields.description'),
            render: (_, a) => dash(a.description),
          },
          {
            key: 'assigned',
            title: t('profile.fields.assignedAt'),
            render: (_, a) => formatDate(a.assigned_at),
          },
          ...(isAdmin
            ? [
                {
                  key: 'actions',
                  title: t('common.actions'),
                  width: 72,
                  render: (_: unknown, a: ProfileAsset) => (
                    <Tooltip title={t('profile.admin.returnAsset')}>
                      <Button
                        type="text"
                        danger
                        icon={<RollbackOutlined aria-hidden className="flip-rtl" />}
                        aria-label={`${t('profile.admin.returnAsset')} ${a.name}`}
                        onClick={() => void remove(a)}
                      />
                    </Tooltip>
                  ),
                },
              ]
            : []),
        ]}
      />
      <Modal
        open={open}
        title={t('profile.admin.assignAsset')}
        onCancel={() => setOpen(false)}
        onOk={() => void assign()}
        okButtonProps={{ disabled: !assetId }}
        okText={t('profile.admin.assign')}
        cancelText={t('common.cancel')}
        confirmLoading={action.isPending}
      >
        <Select
          style={{ width: '100%' }}
          value={assetId}
          onChange={setAssetId}
          loading={options.isPending}
          aria-label={t('profile.fields.asset')}
          placeholder={t('profile.form.choose')}
          showSearch={{ optionFilterProp: 'label' }}
          notFoundContent={t('profile.admin.noFreeAssets')}
          options={(options.data?.assets ?? []).map((a) => ({
            value: a.id,
            label: a.code ? `${a.name} (${a.code})` : a.name,
          }))}
        />
      </Modal>
    </Card>
  );
}

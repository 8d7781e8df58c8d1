import { DownOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';

export type RowAction = 'edit' | 'delete' | 'submit' | 'approve' | 'reject' | 'cancel' | 'done';

/**
 * A row's action menu (SPEC.md §4): every action of the list is shown, and
 * only those the record's status and the view allow are enabled.
 */
export function RowActions({
  actions,
  enabled,
  onAction,
  label,
}: {
  actions: readonly RowAction[];
  enabled: readonly RowAction[];
  onAction: (action: RowAction) => void;
  label: string;
}) {
  const { t } = useTranslation();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: actions.map((a) => ({
          key: a,
          label: t(`lists.actions.${a}`),
          disabled: !enabled.includes(a),
          danger: a === 'delete' || a === 'reject' || a === 'cancel',
        })),
        onClick: ({ key }) => onAction(key as RowAction),
      }}
    >
      <Button size="small" aria-label={label}>
        {t('common.actions')} <DownOutlined />
      </Button>
    </Dropdown>
  );
}

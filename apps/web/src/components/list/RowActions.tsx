import { DownOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMenuFocus } from '../../lib/menu-focus';

export type RowAction = 'edit' | 'delete' | 'submit' | 'approve' | 'reject' | 'cancel' | 'done';

/**
 * A row's action menu (SPEC.md §4): every action of the list is shown, and
 * only those the row's `actions` name (the server's word on what the caller
 * may do with it now) are enabled.
 */
export function RowActions({
  actions,
  enabled,
  onAction,
  label,
}: {
  actions: readonly RowAction[];
  enabled: readonly string[];
  onAction: (action: RowAction) => void;
  label: string;
}) {
  const { t } = useTranslation();
  const { dropdown, trigger } = useMenuFocus();
  return (
    <Dropdown
      trigger={['click']}
      {...dropdown}
      menu={{
        items: actions.map((a) => ({
          key: a,
          label: t(`lists.actions.${a}`),
          disabled: !enabled.includes(a),
          danger: a === 'delete' || a === 'reject' || a === 'cancel',
        })),
        onClick: ({ key, domEvent }) => {
          // Picked with Enter, the key's press would go on to the dialog the action opens (its
          // close button has the focus by then) and close it again.
          domEvent.preventDefault();
          onAction(key as RowAction);
        },
      }}
    >
      <Button size="small" aria-label={label} ref={trigger}>
        {t('common.actions')} <DownOutlined aria-hidden />
      </Button>
    </Dropdown>
  );
}

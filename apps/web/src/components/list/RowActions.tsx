import DownOutlined from '@ant-design/icons-svg/es/asn/DownOutlined';
import { useTranslation } from 'react-i18next';
import { PlainIcon } from '../PlainIcon';
import { PlainMenuButton } from '../PlainMenuButton';

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
  return (
    <PlainMenuButton<RowAction>
      label={label}
      size="small"
      className="plain-button--default"
      items={actions.map((a) => ({
        key: a,
        label: t(`lists.actions.${a}`),
        disabled: !enabled.includes(a),
        danger: a === 'delete' || a === 'reject' || a === 'cancel',
      }))}
      onPick={onAction}
    >
      {t('common.actions')} <PlainIcon icon={DownOutlined} />
    </PlainMenuButton>
  );
}

import { i18n } from './i18n';
import { confirmDialog } from './notify';

/** Asks 'Do you want to delete this item?' naming the item (SPEC.md §2); resolves true on OK. */
export function confirmDelete(name: string): Promise<boolean> {
  return confirmDialog({
    title: i18n.t('common.deleteConfirmTitle'),
    content: i18n.t('common.deleteConfirmContent', { name }),
    okText: i18n.t('common.delete'),
    danger: true,
  });
}

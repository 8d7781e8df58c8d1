import { NOTICES } from '@hr/contracts/messages';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDelete } from '../../lib/confirm-delete';
import { toastSuccess } from '../../lib/notify';
import type { RowAction } from './RowActions';

/** A delete mutation of a list (TanStack Query's `mutate`, by the record's id). */
interface Remover {
  mutate(id: number, options: { onSuccess: () => void }): void;
}

/**
 * The create/edit form and the delete of a list page (SPEC.md §2: the plus
 * button opens the form, EDIT opens it on the row, DELETE asks 'Do you want
 * to delete this item?' naming the item, then says it was deleted).
 * `handle` answers whether it took the action; the page takes the others
 * (submit, approve...).
 */
export function useRowEditing<T extends { id: number }>(remove: Remover, nameOf: (item: T) => string) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<T | null>(null);
  const [formOpen, setFormOpen] = useState(false);

  const handle = async (item: T, action: RowAction): Promise<boolean> => {
    if (action === 'edit') {
      setEditing(item);
      setFormOpen(true);
      return true;
    }
    if (action === 'delete') {
      const name = nameOf(item);
      if (await confirmDelete(name)) {
        remove.mutate(item.id, {
          onSuccess: () => toastSuccess(t('notices.deleted', { name, defaultValue: NOTICES.deleted })),
        });
      }
      return true;
    }
    return false;
  };

  return {
    editing,
    formOpen,
    handle,
    create: () => {
      setEditing(null);
      setFormOpen(true);
    },
    close: () => setFormOpen(false),
  };
}

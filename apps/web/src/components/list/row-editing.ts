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

/** A workflow action's mutation of a list (submit, approve...), by the record's id. */
interface Transition<A> {
  mutate(vars: { action: A; id: number }, options: { onSuccess: () => void }): void;
}

/**
 * The create/edit form and the delete of a list page (SPEC.md §2: the plus
 * button opens the form, EDIT opens it on the row, DELETE asks 'Do you want
 * to delete this item?' naming the item, then says it was deleted).
 * `handle` answers whether it took the action; `onAction` takes the others
 * too, through the list's workflow `transition` (submit, approve...: the
 * menu's action as the workflow names it, null for none), and says the
 * status changed.
 */
export function useRowEditing<T extends { id: number }, A = RowAction>(
  remove: Remover,
  nameOf: (item: T) => string,
  transition?: { mutation: Transition<A>; actionOf?: (action: RowAction) => A | null },
) {
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

  const onAction = async (item: T, action: RowAction) => {
    if ((await handle(item, action)) || !transition) return;
    const workflowAction = transition.actionOf ? transition.actionOf(action) : (action as A);
    if (workflowAction === null) return;
    transition.mutation.mutate(
      { action: workflowAction, id: item.id },
      { onSuccess: () => toastSuccess(t('notices.statusUpdated', { defaultValue: NOTICES.statusUpdated })) },
    );
  };

  return {
    editing,
    formOpen,
    handle,
    onAction,
    create: () => {
      setEditing(null);
      setFormOpen(true);
    },
    close: () => setFormOpen(false),
  };
}

import { NOTICES } from '@hr/contracts/messages';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../lib/notify';
import type { FormState } from '../../lib/use-form';
import { PlainAlert } from '../PlainAlert';
import { Button } from '../plain/Button';
import { Dialog } from '../plain/Dialog';

/**
 * A form in a dialog: its fields, a message above them when one belongs to
 * no field, and Cancel and OK at its foot (OK submits: Enter in a text field
 * does too). OK is busy while `pending`.
 */
export function FormDialog<V extends object>({
  open,
  title,
  form,
  onValid,
  pending,
  okText,
  danger = false,
  onClose,
  width = 520,
  children,
}: {
  open: boolean;
  title: ReactNode;
  form: FormState<V>;
  onValid: (values: V) => void;
  pending: boolean;
  okText?: string;
  danger?: boolean;
  onClose: () => void;
  width?: number;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const formId = useId();
  return (
    <Dialog
      open={open}
      title={title}
      onClose={onClose}
      width={width}
      footer={
        <>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button variant={danger ? 'danger' : 'primary'} htmlType="submit" form={formId} loading={pending}>
            {okText ?? t('common.save')}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={form.submit(onValid)}>
        {form.formError ? (
          <PlainAlert type="error" role="alert" title={form.formError} className="plain-form__alert" />
        ) : null}
        {children}
      </form>
    </Dialog>
  );
}

/** A request's save mutation (TanStack Query's `mutate`): a new one without an id, a draft's change with it. */
interface Saver<Body> {
  mutate(
    vars: { id?: number; body: Body },
    options: { onSuccess: () => void; onError: (error: unknown) => void },
  ): void;
  isPending: boolean;
}

/**
 * The form of a request (leave, remote work, an HR service, a delegation): a
 * new one, or a draft changed. Save checks the fields (the contract's
 * rules), sends the body, says it was saved or updated and closes; the
 * server's field errors show under their fields. Opening it again starts
 * from `initial`.
 */
export function RequestFormDialog<V extends object, Body>({
  open,
  editing,
  title,
  form,
  initial,
  toBody,
  save,
  onClose,
  width = 560,
  children,
}: {
  open: boolean;
  /** The draft changed, if one is. */
  editing: { id: number } | null;
  title: string;
  form: FormState<V>;
  initial: V;
  toBody: (values: V) => Body;
  save: Saver<Body>;
  onClose: () => void;
  width?: number;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const initialRef = useRef(initial);
  initialRef.current = initial;
  // The values to start from, by content: a new object of the same values does not reset the form.
  const initialKey = JSON.stringify(initial);
  const { reset } = form;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the form starts afresh when opened or when what it starts from changes
  useEffect(() => {
    if (open) reset({ ...initialRef.current });
  }, [open, editing, initialKey, reset]);

  const onValid = (values: V) => {
    save.mutate(
      { id: editing?.id, body: toBody(values) },
      {
        onSuccess: () => {
          toastSuccess(
            t(editing ? 'notices.updated' : 'notices.saved', {
              defaultValue: editing ? NOTICES.updated : NOTICES.saved,
            }),
          );
          onClose();
        },
        onError: form.serverErrors,
      },
    );
  };

  return (
    <FormDialog
      open={open}
      title={title}
      form={form}
      onValid={onValid}
      pending={save.isPending}
      onClose={onClose}
      width={width}
    >
      {children}
    </FormDialog>
  );
}

import { NOTICES } from '@hr/contracts/messages';
import { Form, type FormInstance, Modal } from 'antd';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from '../../lib/forms';
import { toastSuccess } from '../../lib/notify';

/** A request's save mutation (TanStack Query's `mutate`): a new one without an id, a draft's change with it. */
interface Saver<Body> {
  mutate(
    vars: { id?: number; body: Body },
    options: { onSuccess: () => void; onError: (error: unknown) => void },
  ): void;
  isPending: boolean;
}

/**
 * The form of a request (leave, remote work, an HR service): a new one, or a
 * draft changed. Save checks the fields (the contract's rules), sends the
 * body, says it was saved or updated and closes; the server's field errors
 * show under their fields. Opening it again starts from `initial`.
 */
export function RequestFormModal<Values extends object, Body>({
  open,
  editing,
  title,
  form,
  initial,
  toBody,
  save,
  onClose,
  onValuesChange,
  width = 560,
  children,
}: {
  open: boolean;
  /** The draft changed, if one is. */
  editing: { id: number } | null;
  title: string;
  form: FormInstance<Values>;
  initial: Values;
  toBody: (values: Values) => Body;
  save: Saver<Body>;
  onClose: () => void;
  onValuesChange?: (changed: Partial<Values>) => void;
  width?: number;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const initialRef = useRef(initial);
  initialRef.current = initial;
  // The values to start from, by content: a new object of the same values does not reset the form.
  const initialKey = JSON.stringify(initial);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the form starts afresh when opened or when what it starts from changes
  useEffect(() => {
    if (open) form.setFieldsValue({ ...initialRef.current });
  }, [open, editing, initialKey, form]);

  const onFinish = (values: Values) => {
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
        onError: (error) => applyServerErrors(form, error),
      },
    );
  };

  return (
    <Modal
      open={open}
      title={title}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
      destroyOnHidden
      width={width}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={onFinish}
        onValuesChange={onValuesChange}
        initialValues={initial}
        preserve={false}
      >
        {children}
      </Form>
    </Modal>
  );
}

import { Alert, Form, type FormRule, Modal, Typography } from 'antd';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A dialog asking for one value (a code, a name...): an optional text, the
 * error of the last try (it stays in the dialog), and one field checked by
 * the contract's `rules`. OK sends the trimmed value; the field starts from
 * `initial` each time the dialog opens.
 */
export interface FieldDialogProps {
  open: boolean;
  title: string;
  text?: string;
  okText: string;
  danger?: boolean;
  pending: boolean;
  error: string | null;
  formName?: string;
  field: {
    name: string;
    label: string;
    extra?: string;
    rules: FormRule[];
    initial?: string;
    /** The input, as an element (its value and onChange come from the form). */
    input: ReactElement;
  };
  onSubmit: (value: string) => void;
  onClose: () => void;
}

export function FieldDialog({
  open,
  title,
  text,
  okText,
  danger = false,
  pending,
  error,
  formName,
  field,
  onSubmit,
  onClose,
}: FieldDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Record<string, string>>();
  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      okButtonProps={danger ? { danger: true } : undefined}
      cancelText={t('common.cancel')}
      confirmLoading={pending}
      onOk={() => form.submit()}
      onCancel={onClose}
      afterOpenChange={(visible) => {
        if (!visible) form.resetFields();
      }}
      destroyOnHidden
    >
      {text ? <Typography.Paragraph>{text}</Typography.Paragraph> : null}
      {error ? <Alert type="error" showIcon role="alert" title={error} style={{ marginBottom: 16 }} /> : null}
      <Form
        form={form}
        name={formName}
        layout="vertical"
        initialValues={{ [field.name]: field.initial ?? '' }}
        onFinish={(values) => onSubmit(String(values[field.name] ?? '').trim())}
      >
        <Form.Item name={field.name} label={field.label} extra={field.extra} rules={field.rules}>
          {field.input}
        </Form.Item>
      </Form>
    </Modal>
  );
}

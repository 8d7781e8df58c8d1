import { Form, type FormRule, Modal } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { adminRules, applyAdminErrors } from '../../lib/admin-forms';
import { keepEnterInPickers } from '../../lib/forms';
import { NameTranslationsFields } from './NameTranslationsFields';

/**
 * The create and edit form of an administration list whose fields are still
 * drawn with Ant Design (`antdFields`): loaded with its frame when first
 * opened. The lists whose fields are the portal's own use ResourcePage's form.
 */
export function LegacyResourceForm<Values extends object>({
  open,
  title,
  width,
  name,
  initial,
  schema,
  fields,
  translatedName,
  pending,
  onSave,
  onClose,
}: {
  open: boolean;
  title: string;
  width?: number;
  name: string;
  initial: Values;
  schema: z.ZodType;
  fields: (rules: (field: string) => FormRule[]) => ReactNode;
  translatedName?: number;
  pending: boolean;
  /** Sends the values; a refusal is thrown back and shown on the form. */
  onSave: (values: Values) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const rules = adminRules(schema);
  const initialKey = JSON.stringify(initial);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the form starts afresh when opened on a row
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(initial as Parameters<typeof form.setFieldsValue>[0]);
  }, [open, initialKey, form]);

  const save = async () => {
    let values: Values;
    try {
      values = (await form.validateFields()) as Values;
    } catch {
      return;
    }
    try {
      await onSave({ ...initial, ...form.getFieldsValue(true), ...values });
    } catch (error) {
      applyAdminErrors(form, error);
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onOk={save}
      onCancel={onClose}
      confirmLoading={pending}
      width={width}
      forceRender
    >
      <Form<Values>
        form={form}
        // Field ids are prefixed with the list's name: with two lists on one screen (tabs), two
        // "name" fields would share an id and one label would point at the other's field.
        name={name}
        layout="vertical"
        requiredMark="optional"
        onFinish={save}
        onKeyDownCapture={keepEnterInPickers}
      >
        {fields(rules)}
        {translatedName && <NameTranslationsFields maxLength={translatedName} rules={rules} />}
        {/* Enter in a field saves. */}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Modal>
  );
}

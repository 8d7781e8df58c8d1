import { DATE_FORMAT } from '@hr/contracts/limits';
import {
  Col,
  DatePicker,
  Form,
  type FormInstance,
  type FormRule,
  Input,
  InputNumber,
  Modal,
  Rate,
  Row,
  Select,
  Switch,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { applyServerErrors } from '../../../lib/forms';
import { translateValidation } from '../../../lib/i18n';
import { toastSuccess } from '../../../lib/notify';

export type FieldKind = 'text' | 'textarea' | 'date' | 'select' | 'number' | 'switch' | 'rate';
export interface Option {
  value: number | string;
  label: string;
}
export type Values = Record<string, unknown>;

/** One field of a section's form. */
export interface FieldDef {
  name: string;
  label: string;
  kind?: FieldKind;
  required?: boolean;
  /** Select options, fixed or from the other values (the exam's subjects...). */
  options?: Option[] | ((values: Values) => Option[]);
  /** Fields whose change re-checks this one (date order, dependent selects). */
  dependencies?: string[];
  /** Takes a whole row. */
  wide?: boolean;
  min?: number;
  max?: number;
  placeholder?: string;
  inputMode?: 'numeric' | 'email' | 'tel';
  /** Runs when the field changes, to reset or fill others. */
  onChange?: (value: unknown, form: FormInstance) => void;
}

/** Form values → API body: dates as YYYY-MM-DD, everything else as it is. */
export function toApi(fields: FieldDef[], values: Values): Values {
  const out: Values = {};
  for (const f of fields) {
    const v = values[f.name];
    if (f.kind === 'date') out[f.name] = v ? (v as Dayjs).format('YYYY-MM-DD') : null;
    else if (f.kind === 'switch') out[f.name] = Boolean(v);
    else if (f.kind === 'rate') out[f.name] = v ? v : null;
    else out[f.name] = v === undefined ? undefined : v;
  }
  return out;
}

/** API values → form values: dates become pickers' values. */
export function fromApi(fields: FieldDef[], values: Values | null | undefined): Values {
  const out: Values = {};
  for (const f of fields) {
    const v = values?.[f.name];
    if (f.kind === 'date') out[f.name] = typeof v === 'string' && v ? dayjs(v) : null;
    else out[f.name] = v ?? undefined;
  }
  return out;
}

/**
 * A rule that checks a field with the section's shared zod schema (from
 * packages/contracts) on the values as they will be sent, so the exact
 * SPEC.md §5 messages show at once, dates and cross-field checks included.
 */
function schemaRule(schema: z.ZodType, fields: FieldDef[], name: string): FormRule {
  return ({ getFieldsValue }) => ({
    validator: async () => {
      const result = schema.safeParse(toApi(fields, getFieldsValue(true) as Values));
      if (result.success) return;
      const issue = result.error.issues.find((i) => i.path.length >= 1 && String(i.path[0]) === name);
      if (issue) throw new Error(translateValidation(issue.message));
    },
  });
}

/**
 * The control of a field. Form.Item hands its child `id`, `value` (or
 * `checked`) and `onChange`; they are passed on to the input here.
 */
function FieldInput({
  field,
  values,
  ...control
}: { field: FieldDef; values: Values } & Record<string, unknown>): ReactNode {
  const { t } = useTranslation();
  switch (field.kind) {
    case 'textarea':
      return (
        <Input.TextArea {...control} autoSize={{ minRows: 2, maxRows: 6 }} placeholder={field.placeholder} />
      );
    case 'date':
      return (
        <DatePicker
          {...control}
          format={DATE_FORMAT}
          style={{ width: '100%' }}
          placeholder={field.placeholder ?? DATE_FORMAT}
        />
      );
    case 'select': {
      const options = typeof field.options === 'function' ? field.options(values) : (field.options ?? []);
      return (
        <Select
          {...control}
          allowClear={!field.required}
          showSearch={{ optionFilterProp: 'label' }}
          options={options}
          placeholder={field.placeholder ?? t('profile.form.choose')}
          notFoundContent={t('common.noData')}
        />
      );
    }
    case 'number':
      return (
        <InputNumber
          {...control}
          style={{ width: '100%' }}
          min={field.min}
          max={field.max}
          placeholder={field.placeholder}
        />
      );
    case 'switch':
      return <Switch {...control} />;
    case 'rate':
      return <Rate {...control} count={field.max ?? 5} />;
    default:
      return (
        <Input {...control} placeholder={field.placeholder} inputMode={field.inputMode} autoComplete="off" />
      );
  }
}

export interface SectionFormProps {
  open: boolean;
  title: string;
  fields: FieldDef[];
  schema: z.ZodType;
  initial: Values | null | undefined;
  /** Sends the API body; a rejection puts the server's field errors on the fields. */
  onSubmit: (body: Values) => Promise<unknown>;
  onClose: () => void;
  successText?: string;
}

/** A section's edit form in a modal: shared schema rules, server errors on their fields, a toast on success. */
export function SectionForm({
  open,
  title,
  fields,
  schema,
  initial,
  onSubmit,
  onClose,
  successText,
}: SectionFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const values = (Form.useWatch([], form) ?? {}) as Values;

  const submit = async () => {
    let raw: Values;
    try {
      raw = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      await onSubmit(toApi(fields, { ...form.getFieldsValue(true), ...raw }));
      toastSuccess(successText ?? t('notices.saved'));
      onClose();
    } catch (err) {
      applyServerErrors(form, err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      destroyOnHidden
      width={720}
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={fromApi(fields, initial)}
        onValuesChange={(changed: Values) => {
          for (const f of fields) if (f.name in changed) f.onChange?.(changed[f.name], form);
        }}
      >
        <Row gutter={16}>
          {fields.map((field) => (
            <Col key={field.name} xs={24} sm={field.wide || field.kind === 'textarea' ? 24 : 12}>
              <Form.Item
                name={field.name}
                label={field.label}
                required={field.required}
                rules={[schemaRule(schema, fields, field.name)]}
                dependencies={field.dependencies}
                valuePropName={field.kind === 'switch' ? 'checked' : 'value'}
              >
                <FieldInput field={field} values={values} />
              </Form.Item>
            </Col>
          ))}
        </Row>
      </Form>
    </Modal>
  );
}

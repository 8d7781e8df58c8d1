import { type InputHTMLAttributes, useEffect } from 'react';
import type { z } from 'zod';
import { useForm } from '../../lib/use-form';
import { PlainAlert } from '../PlainAlert';
import { Field, TextInput } from '../plain/Field';
import { FormDialog } from './FormDialog';

type InputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'onChange' | 'onBlur' | 'id' | 'aria-required' | 'aria-describedby' | 'aria-invalid'
>;

/**
 * A dialog asking for one value (a code, a name...): an optional text, the
 * error of the last try (it stays in the dialog), and one field checked by
 * the contract's `schema` (an object holding the field, under its name). OK
 * sends the trimmed value; the field starts from `initial` each time the
 * dialog opens, and takes the focus with `input.autoFocus`.
 */
export interface FieldDialogProps {
  open: boolean;
  title: string;
  text?: string;
  okText: string;
  danger?: boolean;
  pending: boolean;
  error: string | null;
  field: {
    name: string;
    label: string;
    extra?: string;
    schema: z.ZodType;
    initial?: string;
    /** The text input's own attributes (autoComplete, inputMode, maxLength, placeholder...). */
    input?: InputProps;
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
  field,
  onSubmit,
  onClose,
}: FieldDialogProps) {
  const { name, label, extra, schema, initial = '', input = {} } = field;
  const form = useForm<Record<string, string>>({ initial: { [name]: initial }, schema });
  const binding = form.field<string>(name);
  const { autoFocus = false, ...attributes } = input;
  const { reset } = form;
  const { id } = binding;

  // Opened: the value it starts from, and the focus in the field (the dialog is shown by then).
  useEffect(() => {
    if (!open) return;
    reset({ [name]: initial });
    if (autoFocus) document.getElementById(id)?.focus();
  }, [open, name, initial, autoFocus, id, reset]);

  return (
    <FormDialog
      open={open}
      title={title}
      form={form}
      onValid={(values) => onSubmit(String(values[name] ?? '').trim())}
      pending={pending}
      okText={okText}
      danger={danger}
      onClose={onClose}
    >
      {text ? <p>{text}</p> : null}
      {error ? <PlainAlert type="error" role="alert" title={error} className="plain-form__alert" /> : null}
      <Field label={label} field={binding} help={extra}>
        {(props) => <TextInput {...props} {...attributes} />}
      </Field>
    </FormDialog>
  );
}

import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormState } from '../../lib/use-form';
import type { ListColumns } from '../list/ListTable';
import { Field, TextInput } from '../plain/Field';
import { Switch } from '../plain/Switch';

/**
 * On or off, as the administration lists show it: "Enabled" for reference
 * lists, "Active" for the company's own records (companies, offices,
 * assets, shifts, pay schedules).
 */
export function EnabledTag({ on, words = 'enabled' }: { on: boolean; words?: 'enabled' | 'active' }) {
  const { t } = useTranslation();
  if (!on) return <span className="plain-tag plain-tag--default">{t('reference.disabled')}</span>;
  return (
    <span className="plain-tag plain-tag--success">
      {words === 'active' ? t('admin.common.active') : t('reference.enabled')}
    </span>
  );
}

/** The form's on/off switch of a record (`enabled`), with a line under it where the screen says more. */
export function EnabledField<V extends { enabled: boolean }>({
  form,
  words = 'enabled',
  extra,
}: {
  form: FormState<V>;
  words?: 'enabled' | 'active';
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Field
      label={words === 'active' ? t('admin.common.active') : t('reference.enabled')}
      field={form.field<boolean>('enabled')}
      help={extra}
    >
      {({ value, onChange, invalid: _invalid, ...props }) => (
        <Switch {...props} checked={value} onChange={onChange} />
      )}
    </Field>
  );
}

/** A number in a list's count column. */
export function Count({ value }: { value: number }) {
  return <span className="admin-count">{value}</span>;
}

/** The Status column of an administration list: the record's on/off tag. */
export function enabledColumn<R extends { enabled: boolean }>(
  title: string,
  words: 'enabled' | 'active' = 'enabled',
): ListColumns<R>[number] {
  return { key: 'enabled', title, render: (_, r) => <EnabledTag on={r.enabled} words={words} /> };
}

/** The form's name field, focused when the form opens, checked by the screen's contract rules. */
export function NameField<V extends { name: string }>({
  form,
  label,
  maxLength,
}: {
  form: FormState<V>;
  label: string;
  maxLength: number;
}) {
  return (
    <Field label={label} field={form.field<string>('name')} required>
      {(props) => <TextInput {...props} maxLength={maxLength} autoFocus />}
    </Field>
  );
}

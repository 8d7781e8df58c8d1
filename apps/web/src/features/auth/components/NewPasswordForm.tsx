import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlainAlert } from '../../../components/PlainAlert';
import { Button } from '../../../components/plain/Button';
import { ApiError } from '../../../lib/http';
import { translateValidation } from '../../../lib/i18n';
import { serverErrorText } from '../../../lib/notify';
import { lazySchema, useFieldChecks } from '../use-field-checks';
import { AuthField, PasswordInput } from './AuthField';

type Field = 'password' | 'confirm';
const FIELDS = ['password', 'confirm'] as const;
const schema = lazySchema(() => import('@hr/contracts/auth').then((m) => m.newPasswordForm));

/** The server's names of the new password (a code's reset, a link's). */
const PASSWORD_NAMES = new Set(['password', 'plain_password']);

/**
 * What a refused save says: the server's words about the new password under
 * its field (a 422's field errors), anything else in the notice above the form.
 */
function refusal(error: unknown, unexpected: string): { password?: string; notice: string | null } {
  if (!error) return { notice: null };
  if (!(error instanceof ApiError)) return { notice: unexpected };
  const fields = error.status === 422 ? error.fieldErrors : [];
  if (fields.length === 0) return { notice: serverErrorText(error) };
  // A field error that repeats the message of a domain code shows that code's text, as a form's do (lib/forms.ts).
  const body = error.body;
  const domain = body?.error && body.error !== 'validation_failed' ? body.message : undefined;
  const text = (said: string | undefined) =>
    said === undefined ? undefined : said === domain ? serverErrorText(error) : translateValidation(said);
  const aboutPassword = (name: (string | number)[]) => PASSWORD_NAMES.has(String(name.at(-1)));
  const other = fields.find((f) => !aboutPassword(f.name));
  return {
    password: text(fields.find((f) => aboutPassword(f.name))?.errors[0]),
    notice: other ? (text(other.errors[0]) ?? serverErrorText(error)) : null,
  };
}

/**
 * The last step of a password's recovery (by code or by link): the new
 * password and its confirmation, checked with the shared schema as the
 * user goes (6 to 20 characters, the two the same), then saved.
 */
export function NewPasswordForm({
  id,
  busy,
  error,
  onChange,
  onSave,
}: {
  /** The start of the fields' ids. */
  id: string;
  /** Saving. */
  busy: boolean;
  /** Why the last save was refused, if it was. */
  error: unknown;
  /** Something was typed (the last refusal no longer holds). */
  onChange: () => void;
  onSave: (password: string) => void;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState({ password: '', confirm: '' });
  const { errors, check, checkAll, recheck } = useFieldChecks<Field>(schema);
  const inputs = { password: useRef<HTMLInputElement>(null), confirm: useRef<HTMLInputElement>(null) };
  const refused = refusal(error, t('errors.unexpected'));

  const change = (patch: Partial<typeof values>) => {
    const next = { ...values, ...patch };
    setValues(next);
    if (error) onChange();
    recheck(next);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const first = await checkAll(FIELDS, values);
    if (first) {
      inputs[first].current?.focus();
      return;
    }
    onSave(values.password);
  };

  const field = (name: Field, label: string, message = errors[name]) => (
    <AuthField id={`${id}-${name}`} label={label} error={message}>
      <PasswordInput
        id={`${id}-${name}`}
        name={name}
        inputRef={inputs[name]}
        error={message}
        autoComplete="new-password"
        value={values[name]}
        onValue={(value) => change({ [name]: value })}
        onBlur={() => void check(name, values)}
      />
    </AuthField>
  );

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)}>
      {refused.notice ? (
        <PlainAlert type="error" role="alert" title={refused.notice} className="auth-notice" />
      ) : null}
      {field('password', t('forgot.newPassword'), errors.password ?? refused.password)}
      {field('confirm', t('forgot.confirmPassword'))}
      <Button variant="primary" size="large" block htmlType="submit" loading={busy}>
        {t('forgot.save')}
      </Button>
    </form>
  );
}

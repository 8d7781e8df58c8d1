import UserOutlined from '@ant-design/icons-svg/es/asn/UserOutlined';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthLayout } from '../../../components/AuthLayout';
import { PlainAlert } from '../../../components/PlainAlert';
import { ApiError } from '../../../lib/http';
import { serverErrorText } from '../../../lib/notify';
import { PasskeySignIn } from '../../passkeys';
import { SsoSignIn } from '../../sso';
import { useLogin, usePublicConfig } from '../api';
import { AuthField, AuthInput, PasswordInput } from '../components/AuthField';
import { SecondFactorStep } from '../components/SecondFactorStep';
import { lazySchema, useFieldChecks } from '../use-field-checks';

type Field = 'username' | 'password';
interface SignInValues {
  username: string;
  password: string;
  remember: boolean;
}

// The form's schema (and zod with it) loads at the first check: the first page stays light.
const schema = lazySchema(() => import('@hr/contracts/auth').then((m) => m.signInForm));
const FIELDS = ['username', 'password'] as const;

/**
 * Sign in with E-ID and password. Drawn with plain elements and the portal's
 * own styles: the first page of the portal loads no Ant Design (see
 * docs/decisions.md, "light to load"). The fields are checked with the
 * shared schema of packages/contracts when they lose the focus and on submit.
 */
export function SignInPage() {
  const { t } = useTranslation();
  const login = useLogin();
  const config = usePublicConfig();
  const [values, setValues] = useState<SignInValues>({ username: '', password: '', remember: true });
  const { errors, setErrors, check, checkAll, recheck } = useFieldChecks<Field>(schema);
  const inputs = { username: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) };

  const change = (patch: Partial<SignInValues>) => {
    const next = { ...values, ...patch };
    setValues(next);
    if (login.error) login.reset();
    recheck(next);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const first = await checkAll(FIELDS, values);
    if (first) {
      inputs[first].current?.focus();
      return;
    }
    // Once signed in, the public-only guard moves on (to the page asked for first, or the profile).
    login.mutate({ username: values.username.trim(), password: values.password, remember: values.remember });
  };

  const error =
    login.error instanceof ApiError
      ? serverErrorText(login.error)
      : login.error
        ? t('errors.unexpected')
        : null;
  const demo = config.data?.demo ? config.data.demo_accounts : [];
  // A right password of one asked for a second step: the step replaces the form.
  const answer = login.data?.answer;
  const secondStep = answer && 'second_factor' in answer ? answer.second_factor : null;

  const described = (name: Field) => ({
    id: `signin-${name}`,
    name,
    inputRef: inputs[name],
    error: errors[name],
    onBlur: () => void check(name, values),
  });

  // Password sign-in off: the form stays for the administrators' emergency access, without a reset.
  const passwordOff = config.data?.password_sign_in === false;

  if (secondStep)
    return (
      <AuthLayout title={t('signin.title')}>
        <SecondFactorStep
          key={secondStep.ticket}
          challenge={secondStep}
          remember={values.remember}
          onCancel={() => {
            login.reset();
            change({ password: '' });
          }}
        />
      </AuthLayout>
    );

  return (
    <AuthLayout
      title={t('signin.title')}
      subtitle={t(passwordOff ? 'signin.subtitleSso' : 'signin.subtitle')}
    >
      {error ? <PlainAlert type="error" role="alert" title={error} className="auth-notice" /> : null}
      <SsoSignIn config={config.data} />
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <AuthField id="signin-username" label={t('signin.eid')} error={errors.username}>
          <AuthInput
            {...described('username')}
            icon={UserOutlined}
            autoComplete="username"
            placeholder={t('signin.eidPlaceholder')}
            value={values.username}
            onValue={(username) => change({ username })}
          />
        </AuthField>
        <AuthField id="signin-password" label={t('signin.password')} error={errors.password}>
          <PasswordInput
            {...described('password')}
            autoComplete="current-password"
            value={values.password}
            onValue={(password) => change({ password })}
          />
        </AuthField>
        <div className="signin-options">
          <label className="plain-check">
            <input
              type="checkbox"
              checked={values.remember}
              onChange={(e) => change({ remember: e.target.checked })}
            />
            <span>{t('signin.remember')}</span>
          </label>
          {passwordOff ? null : (
            <Link to="/forgotpassword" className="plain-link">
              {t('signin.forgot')}
            </Link>
          )}
        </div>
        <button
          type="submit"
          className="plain-button plain-button--primary plain-button--large plain-button--block"
          aria-busy={login.isPending || undefined}
          disabled={login.isPending}
        >
          {login.isPending ? (
            <span className="plain-spinner plain-spinner--small" aria-hidden="true" />
          ) : null}
          {t('signin.submit')}
        </button>
      </form>
      <PasskeySignIn rpId={config.data?.passkey_rp_id ?? null} remember={values.remember} />
      {demo.length > 0 ? (
        <div className="demo-accounts">
          <strong>{t('signin.demoTitle')}</strong>
          <p className="demo-accounts__hint">{t('signin.demoHint', { password: demo[0]?.password })}</p>
          <ul className="demo-accounts__list">
            {demo.map((account) => (
              <li key={account.eid} className="demo-accounts__item">
                <span className="demo-accounts__who">
                  <code>{account.eid}</code>
                  <span>{account.name}</span>
                  <span className="plain-tag">{t(`signin.roles.${roleKey(account.role)}`)}</span>
                </span>
                <button
                  type="button"
                  className="plain-link-button"
                  aria-label={t('signin.demoUseLabel', { eid: account.eid })}
                  onClick={() => {
                    setErrors({});
                    change({ username: account.eid, password: account.password });
                  }}
                >
                  {t('signin.demoUse')}
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </AuthLayout>
  );
}

function roleKey(role: string): 'admin' | 'oo' | 'lineManager' | 'employee' {
  if (/admin/i.test(role)) return 'admin';
  if (/o&o/i.test(role)) return 'oo';
  if (/manager/i.test(role)) return 'lineManager';
  return 'employee';
}

export { SignInPage as Component };

import type { SecondFactorChallenge, SecondFactorSession } from '@hr/contracts/account';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { PlainAlert } from '../../../components/PlainAlert';
import { QrCode } from '../../../components/QrCode';
import { fieldMessage } from '../../../lib/forms';
import { ApiError } from '../../../lib/http';
import { serverErrorText } from '../../../lib/notify';
import { startSecondFactorSession, useEnrolAtSignIn, useSecondFactor } from '../api';
import { RecoveryCodesList } from './RecoveryCodesList';

// The code's schema (and zod with it) loads at the first check, as the sign-in form's does.
let schema: Promise<z.ZodType> | undefined;
const loadSchema = () => {
  schema ??= import('@hr/contracts/account').then((m) => m.secondFactorRequest.pick({ code: true }));
  return schema;
};

interface Props {
  challenge: SecondFactorChallenge['second_factor'];
  remember: boolean;
  /** Back to the E-ID and password (a ticket that ended, or a change of mind). */
  onCancel: () => void;
}

/**
 * The second step of a sign-in (docs/decisions.md, "Second step at sign-in"):
 * the code of the authenticator app, or one of the recovery codes. One who
 * must have an app and has none sets it up here first (its key and link to
 * copy), and sees the recovery codes once before the session starts.
 */
export function SecondFactorStep({ challenge, remember, onCancel }: Props) {
  const { t } = useTranslation();
  const verify = useSecondFactor();
  const enrol = useEnrolAtSignIn();
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [done, setDone] = useState<SecondFactorSession | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const { ticket, enrol: enrolling } = challenge;
  const startEnrol = enrol.mutate;

  useEffect(() => {
    if (enrolling) startEnrol(ticket);
  }, [enrolling, ticket, startEnrol]);

  useEffect(() => {
    input.current?.focus();
  }, []);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const message = fieldMessage(await loadSchema(), 'code', { code });
    setFieldError(message);
    if (message) {
      input.current?.focus();
      return;
    }
    verify.mutate(
      { ticket, code: code.trim() },
      {
        onSuccess: (answer) => {
          if (answer.recovery_codes?.length) setDone(answer);
          else startSecondFactorSession(answer, remember);
        },
      },
    );
  };

  const [copied, setCopied] = useState<string | null>(null);
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(t('signin.secondFactor.copied'));
    } catch {
      setCopied(t('signin.secondFactor.copyFailed'));
    }
  };

  const failure = verify.error ?? enrol.error;
  const error =
    failure instanceof ApiError ? serverErrorText(failure) : failure ? t('errors.unexpected') : null;
  const ended = failure instanceof ApiError && failure.body?.error === 'second_factor_invalid';

  if (done?.recovery_codes) {
    return (
      <div className="second-factor">
        <PlainAlert type="success" role="status" title={t('signin.secondFactor.enrolled')} />
        <RecoveryCodesList codes={done.recovery_codes} />
        <button
          type="button"
          className="plain-button plain-button--primary plain-button--large plain-button--block"
          onClick={() => startSecondFactorSession(done, remember)}
        >
          {t('recoveryCodes.continue')}
        </button>
      </div>
    );
  }

  const label = recovery ? t('signin.secondFactor.recoveryLabel') : t('signin.secondFactor.codeLabel');
  return (
    <div className="second-factor">
      <h4 className="second-factor__title">
        {enrolling ? t('signin.secondFactor.enrolTitle') : t('signin.secondFactor.title')}
      </h4>
      {error ? <PlainAlert type="error" role="alert" title={error} className="auth-notice" /> : null}
      {enrolling ? (
        <div className="second-factor__enrol">
          <p>{t('signin.secondFactor.enrolIntro')}</p>
          {enrol.data ? (
            <>
              <QrCode text={enrol.data.uri} label={t('signin.secondFactor.qr')} />
              <dl className="totp-secret">
                <dt>{t('signin.secondFactor.secret')}</dt>
                <dd>
                  <code data-testid="totp-secret">{enrol.data.secret}</code>
                </dd>
                <dt>{t('signin.secondFactor.uri')}</dt>
                <dd>
                  <code className="totp-secret__uri">{enrol.data.uri}</code>
                </dd>
              </dl>
              <div className="recovery-codes__actions">
                <button type="button" className="plain-button" onClick={() => void copy(enrol.data.secret)}>
                  {t('signin.secondFactor.copyKey')}
                </button>
                <button type="button" className="plain-button" onClick={() => void copy(enrol.data.uri)}>
                  {t('signin.secondFactor.copyLink')}
                </button>
              </div>
              <p className="recovery-codes__told" role="status">
                {copied ?? ''}
              </p>
            </>
          ) : enrol.isPending ? (
            <p role="status">{t('signin.secondFactor.preparing')}</p>
          ) : null}
        </div>
      ) : (
        <p>{recovery ? t('signin.secondFactor.recoveryIntro') : t('signin.secondFactor.intro')}</p>
      )}
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <div className="plain-field">
          <label className="plain-field__label" htmlFor="second-factor-code">
            {label}
          </label>
          <span className="plain-input" data-invalid={fieldError ? '' : undefined}>
            <input
              ref={input}
              id="second-factor-code"
              name="code"
              type="text"
              inputMode={recovery ? 'text' : 'numeric'}
              autoComplete={recovery ? 'off' : 'one-time-code'}
              spellCheck={false}
              maxLength={recovery ? 20 : 12}
              aria-required
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={fieldError ? 'second-factor-code-error' : undefined}
              value={code}
              onChange={(e) => {
                setCode(e.target.value);
                if (verify.error) verify.reset();
              }}
            />
          </span>
          {fieldError ? (
            <div className="plain-field__error" id="second-factor-code-error" role="alert">
              {fieldError}
            </div>
          ) : null}
        </div>
        <button
          type="submit"
          className="plain-button plain-button--primary plain-button--large plain-button--block"
          aria-busy={verify.isPending || undefined}
          disabled={verify.isPending || ended || (enrolling && !enrol.data)}
        >
          {verify.isPending ? (
            <span className="plain-spinner plain-spinner--small" aria-hidden="true" />
          ) : null}
          {t('signin.secondFactor.verify')}
        </button>
      </form>
      <div className="second-factor__links">
        {challenge.methods.includes('recovery_code') ? (
          <button
            type="button"
            className="plain-link-button"
            onClick={() => {
              setRecovery((was) => !was);
              setCode('');
              setFieldError(null);
              verify.reset();
              input.current?.focus();
            }}
          >
            {recovery ? t('signin.secondFactor.useApp') : t('signin.secondFactor.useRecovery')}
          </button>
        ) : null}
        <button type="button" className="plain-link-button" onClick={onCancel}>
          {t('signin.secondFactor.back')}
        </button>
      </div>
    </div>
  );
}

import CheckOutlined from '@ant-design/icons-svg/es/asn/CheckOutlined';
import UserOutlined from '@ant-design/icons-svg/es/asn/UserOutlined';
import { OTP_LENGTH, OTP_SECONDS } from '@hr/contracts/limits';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { AuthLayout } from '../../../components/AuthLayout';
import { PlainAlert } from '../../../components/PlainAlert';
import { PlainIcon } from '../../../components/PlainIcon';
import { Button } from '../../../components/plain/Button';
import { ApiError } from '../../../lib/http';
import { serverErrorText, toastSuccess } from '../../../lib/notify';
import { formatSeconds, useCountdown } from '../../../lib/use-countdown';
import { useRequestOtp, useResetPassword, useValidateReset } from '../api';
import { AuthField, AuthInput } from '../components/AuthField';
import { NewPasswordForm } from '../components/NewPasswordForm';
import { lazySchema, useFieldChecks } from '../use-field-checks';
import '../recovery.css';

// Each step's schema (and zod with it) loads at its first check: the page itself stays light.
const eidSchema = lazySchema(() => import('@hr/contracts/auth').then((m) => m.otpRequest));
const otpSchema = lazySchema(() => import('@hr/contracts/auth').then((m) => m.otpReset.pick({ otp: true })));

type Notice = { type: 'info' | 'error'; text: string } | null;

function errorText(error: unknown, fallback: string): string {
  return error instanceof ApiError ? serverErrorText(error) : fallback;
}

/**
 * Forgot password in three steps: E-Id, the 4-digit code (300 s, Resend
 * Code), the new password. Drawn with plain elements like the sign-in page it
 * is opened from: it loads no Ant Design, and zod only at the first check.
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [step, setStep] = useState(0);
  const [eid, setEid] = useState('');
  const [otp, setOtp] = useState('');
  const [notice, setNotice] = useState<Notice>(null);
  const [secondsLeft, restartCountdown] = useCountdown(OTP_SECONDS);
  const request = useRequestOtp();
  const validate = useValidateReset();
  const reset = useResetPassword();

  const sendCode = (forEid: string, onSent?: () => void) =>
    request.mutate(forEid, {
      onSuccess: () => {
        setNotice({ type: 'info', text: t('forgot.codeSent') });
        restartCountdown();
        onSent?.();
      },
      // A refused request shows the server's message in place of the instructions.
      onError: (error) => setNotice({ type: 'error', text: errorText(error, t('errors.unexpected')) }),
    });

  const body =
    step === 0 ? (
      <EidStep
        notice={notice?.type === 'error' ? notice.text : null}
        busy={request.isPending}
        onSend={(value) =>
          sendCode(value, () => {
            setEid(value);
            setStep(1);
          })
        }
      />
    ) : step === 1 ? (
      <OtpStep
        notice={notice}
        busy={validate.isPending}
        secondsLeft={secondsLeft}
        resending={request.isPending}
        onResend={() => sendCode(eid)}
        onVerify={(value) =>
          validate.mutate(
            { token: value, eid },
            {
              onSuccess: () => {
                setOtp(value);
                setNotice(null);
                setStep(2);
              },
              onError: (error) =>
                setNotice({ type: 'error', text: errorText(error, t('errors.unexpected')) }),
            },
          )
        }
      />
    ) : (
      <NewPasswordForm
        id="forgot"
        busy={reset.isPending}
        error={reset.error}
        onChange={reset.reset}
        onSave={(password) =>
          reset.mutate(
            { eid, otp, password },
            {
              onSuccess: (res) => {
                toastSuccess(t('notices.passwordUpdated', { defaultValue: res.message }));
                navigate('/signin', { replace: true });
              },
              onError: (error) => {
                // A code that has meanwhile expired needs a new one: back to the code, which says so.
                if (error instanceof ApiError && error.status === 400) {
                  setNotice({ type: 'error', text: serverErrorText(error) });
                  reset.reset();
                  setStep(1);
                }
              },
            },
          )
        }
      />
    );

  return (
    <AuthLayout title={t('forgot.title')} subtitle={t(`forgot.intro${step}` as 'forgot.intro0')}>
      <Steps current={step} titles={[t('forgot.stepEid'), t('forgot.stepOtp'), t('forgot.stepPassword')]} />
      {body}
      <div className="recovery-back">
        <Link to="/signin" className="plain-link">
          {t('forgot.backToSignIn')}
        </Link>
      </div>
    </AuthLayout>
  );
}

/** Where the user is among the steps: the ones done ticked, the current one marked. */
function Steps({ current, titles }: { current: number; titles: string[] }) {
  return (
    <ol className="recovery-steps">
      {titles.map((title, i) => {
        const state = i < current ? 'done' : i === current ? 'current' : 'waiting';
        return (
          <li
            key={title}
            className={`recovery-steps__item recovery-steps__item--${state}`}
            aria-current={i === current ? 'step' : undefined}
          >
            <span className="recovery-steps__icon" aria-hidden="true">
              {i < current ? <PlainIcon icon={CheckOutlined} /> : i + 1}
            </span>
            <span className="recovery-steps__title">{title}</span>
          </li>
        );
      })}
    </ol>
  );
}

/** The first step: the E-Id the code is sent for. */
function EidStep({
  notice,
  busy,
  onSend,
}: {
  notice: string | null;
  busy: boolean;
  onSend: (eid: string) => void;
}) {
  const { t } = useTranslation();
  const [eid, setEid] = useState('');
  const { errors, check, checkAll, recheck } = useFieldChecks<'eid'>(eidSchema);
  const input = useRef<HTMLInputElement>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (await checkAll(['eid'], { eid })) {
      input.current?.focus();
      return;
    }
    onSend(eid.trim());
  };

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)}>
      {notice ? <PlainAlert type="error" role="alert" title={notice} className="auth-notice" /> : null}
      <AuthField id="forgot-eid" label={t('forgot.eid')} error={errors.eid}>
        <AuthInput
          id="forgot-eid"
          name="eid"
          inputRef={input}
          error={errors.eid}
          icon={UserOutlined}
          autoComplete="username"
          value={eid}
          onValue={(value) => {
            setEid(value);
            recheck({ eid: value });
          }}
          onBlur={() => void check('eid', { eid })}
        />
      </AuthField>
      <Button variant="primary" size="large" block htmlType="submit" loading={busy}>
        {t('forgot.sendCode')}
      </Button>
    </form>
  );
}

/** The second step: the code sent, the time left to use it, and a new code once it has run out. */
function OtpStep({
  notice,
  busy,
  secondsLeft,
  resending,
  onResend,
  onVerify,
}: {
  notice: Notice;
  busy: boolean;
  secondsLeft: number;
  resending: boolean;
  onResend: () => void;
  onVerify: (otp: string) => void;
}) {
  const { t } = useTranslation();
  const [otp, setOtp] = useState('');
  const { errors, check, checkAll, recheck } = useFieldChecks<'otp'>(otpSchema);
  const input = useRef<HTMLInputElement>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (await checkAll(['otp'], { otp })) {
      input.current?.focus();
      return;
    }
    onVerify(otp.trim());
  };

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)}>
      {notice ? (
        <PlainAlert
          type={notice.type}
          role={notice.type === 'error' ? 'alert' : 'status'}
          title={notice.text}
          className="auth-notice"
        />
      ) : null}
      <AuthField id="forgot-otp" label={t('forgot.otp')} error={errors.otp}>
        <AuthInput
          id="forgot-otp"
          name="otp"
          inputRef={input}
          error={errors.otp}
          className="otp-input"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={OTP_LENGTH}
          placeholder="••••"
          value={otp}
          onValue={(value) => {
            setOtp(value);
            recheck({ otp: value });
          }}
          onBlur={() => void check('otp', { otp })}
        />
      </AuthField>
      <div className="recovery-countdown">
        <span aria-live="polite" data-testid="otp-countdown">
          {secondsLeft > 0
            ? t('forgot.expiresIn', { time: formatSeconds(secondsLeft) })
            : t('forgot.expired')}
        </span>
        <Button
          variant="link"
          className="recovery-countdown__resend"
          disabled={secondsLeft > 0 || resending}
          onClick={onResend}
        >
          {t('forgot.resend')}
        </Button>
      </div>
      <Button variant="primary" size="large" block htmlType="submit" loading={busy}>
        {t('forgot.verify')}
      </Button>
    </form>
  );
}

export { ForgotPasswordPage as Component };

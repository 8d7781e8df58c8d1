import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { newPasswordForm, otpCode, otpRequest } from '@hr/contracts/auth';
import { OTP_SECONDS } from '@hr/contracts/limits';
import { Alert, Button, Flex, Form, Input, Steps, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { AuthLayout } from '../../../components/AuthLayout';
import { zodRules } from '../../../lib/forms';
import { ApiError } from '../../../lib/http';
import { serverErrorText, toastSuccess } from '../../../lib/notify';
import { formatSeconds, useCountdown } from '../../../lib/use-countdown';
import { useRequestOtp, useResetPassword, useValidateReset } from '../api';

const eidRules = zodRules(otpRequest);
const otpRules = zodRules(z.object({ otp: otpCode }));
const passwordRules = zodRules(newPasswordForm);

type Notice = { type: 'info' | 'error'; text: string } | null;

function errorText(error: unknown, fallback: string): string {
  return error instanceof ApiError ? serverErrorText(error) : fallback;
}

/** Forgot password in three steps: E-Id, the 4-digit code (300 s, Resend Code), the new password. */
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

  const stepEid = (
    <Form
      layout="vertical"
      requiredMark={false}
      onFinish={({ eid: value }: { eid: string }) => {
        const clean = value.trim();
        sendCode(clean, () => {
          setEid(clean);
          setStep(1);
        });
      }}
    >
      {notice?.type === 'error' ? (
        <Alert type="error" showIcon title={notice.text} role="alert" style={{ marginBottom: 16 }} />
      ) : null}
      <Form.Item name="eid" label={t('forgot.eid')} rules={eidRules('eid')} validateTrigger="onBlur">
        <Input prefix={<UserOutlined aria-hidden />} autoComplete="username" size="large" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large" loading={request.isPending}>
        {t('forgot.sendCode')}
      </Button>
    </Form>
  );

  const stepOtp = (
    <Form
      layout="vertical"
      requiredMark={false}
      onFinish={({ otp: value }: { otp: string }) => {
        validate.mutate(
          { token: value, eid },
          {
            onSuccess: () => {
              setOtp(value);
              setNotice(null);
              setStep(2);
            },
            onError: (error) => setNotice({ type: 'error', text: errorText(error, t('errors.unexpected')) }),
          },
        );
      }}
    >
      {notice ? (
        <Alert
          type={notice.type}
          showIcon
          title={notice.text}
          role={notice.type === 'error' ? 'alert' : 'status'}
          style={{ marginBottom: 16 }}
        />
      ) : null}
      <Form.Item name="otp" label={t('forgot.otp')} rules={otpRules('otp')} validateTrigger="onBlur">
        <Input
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={4}
          size="large"
          className="otp-input"
          placeholder="••••"
        />
      </Form.Item>
      <Flex justify="space-between" align="center" style={{ marginBottom: 24 }}>
        <Typography.Text type="secondary" aria-live="polite" data-testid="otp-countdown">
          {secondsLeft > 0
            ? t('forgot.expiresIn', { time: formatSeconds(secondsLeft) })
            : t('forgot.expired')}
        </Typography.Text>
        <Button
          type="link"
          disabled={secondsLeft > 0 || request.isPending}
          onClick={() => sendCode(eid)}
          style={{ paddingInline: 0 }}
        >
          {t('forgot.resend')}
        </Button>
      </Flex>
      <Button type="primary" htmlType="submit" block size="large" loading={validate.isPending}>
        {t('forgot.verify')}
      </Button>
    </Form>
  );

  const stepPassword = (
    <Form
      layout="vertical"
      requiredMark={false}
      onFinish={({ password }: { password: string }) => {
        reset.mutate(
          { eid, otp, password },
          {
            onSuccess: (res) => {
              toastSuccess(t('notices.passwordUpdated', { defaultValue: res.message }));
              navigate('/signin', { replace: true });
            },
            onError: (error) => {
              setNotice({ type: 'error', text: errorText(error, t('errors.unexpected')) });
              // A code that has meanwhile expired needs a new one.
              if (error instanceof ApiError && error.status === 400) setStep(1);
            },
          },
        );
      }}
    >
      {notice?.type === 'error' ? (
        <Alert type="error" showIcon title={notice.text} role="alert" style={{ marginBottom: 16 }} />
      ) : null}
      <Form.Item
        name="password"
        label={t('forgot.newPassword')}
        rules={passwordRules('password')}
        validateTrigger="onBlur"
      >
        <Input.Password prefix={<LockOutlined aria-hidden />} autoComplete="new-password" size="large" />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('forgot.confirmPassword')}
        dependencies={['password']}
        rules={passwordRules('confirm')}
        validateTrigger="onBlur"
      >
        <Input.Password prefix={<LockOutlined aria-hidden />} autoComplete="new-password" size="large" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large" loading={reset.isPending}>
        {t('forgot.save')}
      </Button>
    </Form>
  );

  return (
    <AuthLayout title={t('forgot.title')} subtitle={t(`forgot.intro${step}` as 'forgot.intro0')}>
      <Steps
        size="small"
        current={step}
        style={{ marginBottom: 24 }}
        items={[
          { title: t('forgot.stepEid') },
          { title: t('forgot.stepOtp') },
          { title: t('forgot.stepPassword') },
        ]}
      />
      {step === 0 ? stepEid : step === 1 ? stepOtp : stepPassword}
      <div style={{ marginTop: 16, textAlign: 'center' }}>
        <Link to="/signin">{t('forgot.backToSignIn')}</Link>
      </div>
    </AuthLayout>
  );
}

export { ForgotPasswordPage as Component };

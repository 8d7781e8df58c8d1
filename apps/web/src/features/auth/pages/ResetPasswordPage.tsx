import { LockOutlined } from '@ant-design/icons';
import { newPasswordForm } from '@hr/contracts/auth';
import { Alert, Button, Form, Input, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { AuthLayout } from '../../../components/AuthLayout';
import { applyServerErrors, zodRules } from '../../../lib/forms';
import { ApiError } from '../../../lib/http';
import { serverErrorText, toastSuccess } from '../../../lib/notify';
import { useResetPassword, useValidateLink } from '../api';

const rules = zodRules(newPasswordForm);

/** Reset by link: the token of the link, a new password and its confirmation. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const check = useValidateLink(token);
  const reset = useResetPassword();
  const [form] = Form.useForm<{ password: string; confirm: string }>();

  let body: React.ReactNode;
  if (check.isPending) {
    body = (
      <div style={{ textAlign: 'center', padding: 24 }}>
        <Spin />
      </div>
    );
  } else if (check.isError) {
    body = (
      <Result
        status="warning"
        title={check.error instanceof ApiError ? serverErrorText(check.error) : t('errors.unexpected')}
        extra={
          <Link to="/forgotpassword">
            <Button type="primary">{t('reset.requestNew')}</Button>
          </Link>
        }
      />
    );
  } else {
    body = (
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={({ password }) =>
          reset.mutate(
            { token, plain_password: password },
            {
              onSuccess: (res) => {
                toastSuccess(t('notices.passwordUpdated', { defaultValue: res.message }));
                navigate('/signin', { replace: true });
              },
              onError: (error) => applyServerErrors(form, error),
            },
          )
        }
      >
        {reset.error instanceof ApiError && reset.error.status !== 422 ? (
          <Alert
            type="error"
            showIcon
            title={serverErrorText(reset.error)}
            role="alert"
            style={{ marginBottom: 16 }}
          />
        ) : null}
        <Form.Item
          name="password"
          label={t('forgot.newPassword')}
          rules={rules('password')}
          validateTrigger="onBlur"
        >
          <Input.Password prefix={<LockOutlined aria-hidden />} autoComplete="new-password" size="large" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('forgot.confirmPassword')}
          dependencies={['password']}
          rules={rules('confirm')}
          validateTrigger="onBlur"
        >
          <Input.Password prefix={<LockOutlined aria-hidden />} autoComplete="new-password" size="large" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={reset.isPending}>
          {t('forgot.save')}
        </Button>
      </Form>
    );
  }

  return (
    <AuthLayout title={t('reset.title')} subtitle={t('reset.intro')}>
      {body}
      <div style={{ marginTop: 16, textAlign: 'center' }}>
        <Link to="/signin">{t('forgot.backToSignIn')}</Link>
      </div>
    </AuthLayout>
  );
}

export { ResetPasswordPage as Component };

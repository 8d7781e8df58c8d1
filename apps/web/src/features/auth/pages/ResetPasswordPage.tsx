import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { AuthLayout } from '../../../components/AuthLayout';
import { LinkButton } from '../../../components/plain/LinkButton';
import { Result } from '../../../components/plain/Result';
import { ApiError } from '../../../lib/http';
import { serverErrorText, toastSuccess } from '../../../lib/notify';
import { useResetPassword, useValidateLink } from '../api';
import { NewPasswordForm } from '../components/NewPasswordForm';
import '../recovery.css';

/**
 * Reset by link: the token of the link, a new password and its confirmation.
 * Drawn with plain elements like the sign-in page: no Ant Design, and zod
 * only at the form's first check.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const check = useValidateLink(token);
  const reset = useResetPassword();

  let body: ReactNode;
  if (check.isPending) {
    body = (
      <div className="recovery-loading" role="status" aria-label={t('common.loading')}>
        <span className="plain-spinner" aria-hidden="true" />
      </div>
    );
  } else if (check.isError) {
    body = (
      <Result
        status="warning"
        title={check.error instanceof ApiError ? serverErrorText(check.error) : t('errors.unexpected')}
        extra={
          <LinkButton to="/forgotpassword" variant="primary">
            {t('reset.requestNew')}
          </LinkButton>
        }
      />
    );
  } else {
    body = (
      <NewPasswordForm
        id="reset"
        busy={reset.isPending}
        error={reset.error}
        onChange={reset.reset}
        onSave={(password) =>
          reset.mutate(
            { token, plain_password: password },
            {
              onSuccess: (res) => {
                toastSuccess(t('notices.passwordUpdated', { defaultValue: res.message }));
                navigate('/signin', { replace: true });
              },
            },
          )
        }
      />
    );
  }

  return (
    <AuthLayout title={t('reset.title')} subtitle={t('reset.intro')}>
      {body}
      <div className="recovery-back">
        <Link to="/signin" className="plain-link">
          {t('forgot.backToSignIn')}
        </Link>
      </div>
    </AuthLayout>
  );
}

export { ResetPasswordPage as Component };

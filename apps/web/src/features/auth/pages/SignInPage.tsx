import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Checkbox, Flex, Form, Input, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthLayout } from '../../../components/AuthLayout';
import { lazyZodRules } from '../../../lib/forms';
import { ApiError } from '../../../lib/http';
import { serverErrorText } from '../../../lib/notify';
import { useLogin, usePublicConfig } from '../api';

interface SignInValues {
  username: string;
  password: string;
  remember: boolean;
}

// The form's schema (and zod with it) loads at the first check: the first page stays light.
const rules = lazyZodRules(() => import('@hr/contracts/auth').then((m) => m.signInForm));

export function SignInPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<SignInValues>();
  const login = useLogin();
  const config = usePublicConfig();

  const onFinish = (values: SignInValues) => {
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

  return (
    <AuthLayout title={t('signin.title')} subtitle={t('signin.subtitle')}>
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} role="alert" /> : null}
      <Form<SignInValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ remember: true }}
        onFinish={onFinish}
        onValuesChange={() => login.error && login.reset()}
      >
        <Form.Item name="username" label={t('signin.eid')} rules={rules('username')} validateTrigger="onBlur">
          <Input
            prefix={<UserOutlined />}
            autoComplete="username"
            placeholder={t('signin.eidPlaceholder')}
            size="large"
          />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('signin.password')}
          rules={rules('password')}
          validateTrigger="onBlur"
        >
          <Input.Password prefix={<LockOutlined />} autoComplete="current-password" size="large" />
        </Form.Item>
        <Flex justify="space-between" align="center" style={{ marginBottom: 24 }}>
          <Form.Item name="remember" valuePropName="checked" noStyle>
            <Checkbox>{t('signin.remember')}</Checkbox>
          </Form.Item>
          <Link to="/forgotpassword">{t('signin.forgot')}</Link>
        </Flex>
        <Button type="primary" htmlType="submit" block size="large" loading={login.isPending}>
          {t('signin.submit')}
        </Button>
      </Form>
      {demo.length > 0 ? (
        <div className="demo-accounts">
          <Typography.Text strong>{t('signin.demoTitle')}</Typography.Text>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
            {t('signin.demoHint', { password: demo[0]?.password })}
          </Typography.Paragraph>
          {/* A plain list: Ant Design's List brings pagination and select into the first page. */}
          <ul className="demo-accounts__list">
            {demo.map((account) => (
              <li key={account.eid} className="demo-accounts__item">
                <Flex gap={8} align="center" wrap>
                  <Typography.Text code>{account.eid}</Typography.Text>
                  <span>{account.name}</span>
                  <Tag>{t(`signin.roles.${roleKey(account.role)}`)}</Tag>
                </Flex>
                <Button
                  size="small"
                  type="link"
                  aria-label={t('signin.demoUseLabel', { eid: account.eid })}
                  onClick={() => form.setFieldsValue({ username: account.eid, password: account.password })}
                >
                  {t('signin.demoUse')}
                </Button>
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

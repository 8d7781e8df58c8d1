import { DeleteOutlined, MobileOutlined, ReloadOutlined } from '@ant-design/icons';
import { totpCodeBody, totpRemoveBody } from '@hr/contracts/account';
import { Alert, Button, Card, Flex, Form, Input, Modal, Segmented, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldDialog, type FieldDialogProps } from '../../../components/form/FieldDialog';
import { QrCode } from '../../../components/QrCode';
import { formatDateTime } from '../../../lib/dates';
import { zodRules } from '../../../lib/forms';
import { ApiError } from '../../../lib/http';
import { serverErrorText, toastSuccess } from '../../../lib/notify';
import { RecoveryCodesList } from '../../auth';
import {
  useConfirmTotp,
  useEnrolTotp,
  useRegenerateRecoveryCodes,
  useRemoveTotp,
  useTotpStatus,
} from '../api';

const codeRules = zodRules(totpCodeBody);
const removeRules = zodRules(totpRemoveBody);

const errorText = (error: unknown, fallback: string) =>
  error instanceof ApiError ? serverErrorText(error) : error ? fallback : null;

/** A dialog asking for a current code of the app, for a change that needs one. */
function CodeDialog(props: Omit<FieldDialogProps, 'field'>) {
  const { t } = useTranslation();
  return (
    <FieldDialog
      {...props}
      field={{
        name: 'code',
        label: t('account.totp.code'),
        schema: totpCodeBody,
        input: { autoFocus: true, autoComplete: 'one-time-code', inputMode: 'numeric', maxLength: 12 },
      }}
    />
  );
}

/** Removing the app: a current code, or the password for one who lost the phone. */
function RemoveDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const remove = useRemoveTotp();
  const [form] = Form.useForm<{ code?: string; password?: string }>();
  const [by, setBy] = useState<'code' | 'password'>('code');
  return (
    <Modal
      open={open}
      title={t('account.totp.removeTitle')}
      okText={t('account.totp.remove')}
      okButtonProps={{ danger: true }}
      cancelText={t('common.cancel')}
      confirmLoading={remove.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      afterOpenChange={(visible) => {
        if (!visible) {
          form.resetFields();
          remove.reset();
          setBy('code');
        }
      }}
      destroyOnHidden
    >
      <Typography.Paragraph>{t('account.totp.removeText')}</Typography.Paragraph>
      {remove.error ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={errorText(remove.error, t('account.failed'))}
          style={{ marginBottom: 16 }}
        />
      ) : null}
      <Segmented<'code' | 'password'>
        value={by}
        onChange={setBy}
        options={[
          { value: 'code', label: t('account.totp.byCode') },
          { value: 'password', label: t('account.totp.byPassword') },
        ]}
        style={{ marginBottom: 16 }}
      />
      <Form
        form={form}
        layout="vertical"
        onFinish={(values) =>
          remove.mutate(
            by === 'code' ? { code: values.code?.trim() ?? '' } : { password: values.password ?? '' },
            {
              onSuccess: () => {
                toastSuccess(t('account.totp.removed'));
                onClose();
              },
            },
          )
        }
      >
        {by === 'code' ? (
          <Form.Item name="code" label={t('account.totp.code')} rules={codeRules('code')}>
            <Input autoFocus autoComplete="one-time-code" inputMode="numeric" maxLength={12} />
          </Form.Item>
        ) : (
          <Form.Item name="password" label={t('account.totp.password')} rules={removeRules('password')}>
            <Input.Password autoFocus autoComplete="current-password" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

/**
 * The Security page's authenticator app (docs/decisions.md, "Second step at
 * sign-in"): set it up (its key and link to copy, then a first code), the
 * recovery codes shown once with copy and download, new recovery codes and
 * removal, each with a current code.
 */
export function AuthenticatorSection() {
  const { t } = useTranslation();
  const status = useTotpStatus();
  const enrol = useEnrolTotp();
  const confirm = useConfirmTotp();
  const regenerate = useRegenerateRecoveryCodes();
  const [codes, setCodes] = useState<string[] | null>(null);
  const [regenerating, setRegenerating] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [form] = Form.useForm<{ code: string }>();
  const data = status.data;
  const setting = enrol.data && !data?.enabled ? enrol.data : null;

  const body = () => {
    if (codes)
      return (
        <>
          <RecoveryCodesList codes={codes} />
          <Button type="primary" onClick={() => setCodes(null)}>
            {t('account.totp.savedCodes')}
          </Button>
        </>
      );
    if (!data) return null;
    if (data.enabled)
      return (
        <Flex vertical gap={8}>
          <span>
            <Tag color="success">{t('account.totp.on')}</Tag>
            {t('account.totp.since', { date: formatDateTime(data.confirmed_at) })}
          </span>
          <span>{t('account.totp.codesLeft', { count: data.recovery_codes_left })}</span>
          <Flex gap={8} wrap>
            <Button
              icon={<ReloadOutlined aria-hidden />}
              onClick={() => {
                regenerate.reset();
                setRegenerating(true);
              }}
            >
              {t('account.totp.newCodes')}
            </Button>
            <Button danger icon={<DeleteOutlined aria-hidden />} onClick={() => setRemoving(true)}>
              {t('account.totp.remove')}
            </Button>
          </Flex>
        </Flex>
      );
    if (setting)
      return (
        <Flex vertical gap={12}>
          <Typography.Paragraph style={{ margin: 0 }}>{t('account.totp.setupSteps')}</Typography.Paragraph>
          <QrCode text={setting.uri} label={t('account.totp.qr')} />
          <dl className="totp-secret">
            <dt>{t('account.totp.secret')}</dt>
            <dd>
              <Typography.Text code copyable={{ text: setting.secret }} data-testid="totp-secret">
                {setting.secret}
              </Typography.Text>
            </dd>
            <dt>{t('account.totp.uri')}</dt>
            <dd>
              <Typography.Text code copyable={{ text: setting.uri }} className="totp-secret__uri">
                {setting.uri}
              </Typography.Text>
            </dd>
          </dl>
          {confirm.error ? (
            <Alert type="error" showIcon role="alert" title={errorText(confirm.error, t('account.failed'))} />
          ) : null}
          <Form
            form={form}
            layout="vertical"
            onFinish={(values) =>
              confirm.mutate(values.code.trim(), {
                onSuccess: (answer) => {
                  form.resetFields();
                  enrol.reset();
                  setCodes(answer.recovery_codes);
                  toastSuccess(t('account.totp.enabled'));
                },
              })
            }
          >
            <Form.Item name="code" label={t('account.totp.firstCode')} rules={codeRules('code')}>
              <Input
                autoComplete="one-time-code"
                inputMode="numeric"
                maxLength={12}
                style={{ maxWidth: 220 }}
              />
            </Form.Item>
            <Flex gap={8} wrap>
              <Button type="primary" htmlType="submit" loading={confirm.isPending}>
                {t('account.totp.confirm')}
              </Button>
              <Button
                onClick={() => {
                  enrol.reset();
                  confirm.reset();
                }}
              >
                {t('common.cancel')}
              </Button>
            </Flex>
          </Form>
        </Flex>
      );
    return (
      <Flex vertical gap={12} align="flex-start">
        {data.required ? <Alert type="warning" showIcon title={t('account.totp.required')} /> : null}
        {enrol.error ? (
          <Alert type="error" showIcon role="alert" title={errorText(enrol.error, t('account.failed'))} />
        ) : null}
        <Button type="primary" loading={enrol.isPending} onClick={() => enrol.mutate()}>
          {t('account.totp.setUp')}
        </Button>
      </Flex>
    );
  };

  return (
    <Card
      className="security-section"
      title={
        <Typography.Title level={2} id="totp-title" style={{ fontSize: 18, margin: 0 }}>
          <MobileOutlined aria-hidden style={{ marginInlineEnd: 8 }} />
          {t('account.totp.title')}
        </Typography.Title>
      }
      role="region"
      aria-labelledby="totp-title"
      loading={status.isLoading}
    >
      <Typography.Paragraph type="secondary">{t('account.totp.intro')}</Typography.Paragraph>
      {status.isError ? (
        <Alert type="warning" showIcon title={errorText(status.error, t('account.failed'))} />
      ) : (
        body()
      )}
      <CodeDialog
        open={regenerating}
        title={t('account.totp.newCodesTitle')}
        text={t('account.totp.newCodesText')}
        okText={t('account.totp.newCodes')}
        pending={regenerate.isPending}
        error={errorText(regenerate.error, t('account.failed'))}
        onSubmit={(code) =>
          regenerate.mutate(code, {
            onSuccess: (answer) => {
              setRegenerating(false);
              setCodes(answer.recovery_codes);
            },
          })
        }
        onClose={() => setRegenerating(false)}
      />
      <RemoveDialog open={removing} onClose={() => setRemoving(false)} />
    </Card>
  );
}

import {
  type ApprovalModule,
  type ApprovalSetting,
  type ApprovalSettingBody,
  approvalSettingBody,
} from '@hr/contracts/approvals';
import { Alert, Button, Card, Flex, Form, InputNumber, Skeleton, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { EmployeePicker } from '../../../components/employee-search/EmployeePicker';
import { PageHeader } from '../../../components/PageHeader';
import { applyServerErrors, zodRules } from '../../../lib/forms';
import { toastSuccess } from '../../../lib/notify';
import { useApprovalSettings, useSaveApprovalSetting } from '../api';

interface Values {
  remind_after_days: number | null;
  escalate_after_days: number | null;
  escalate_to_id: number | null;
}

const rules = zodRules(approvalSettingBody);

/** One module's reminder and escalation, saved on its own. */
function ModuleSetting({ setting }: { setting: ApprovalSetting }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const save = useSaveApprovalSetting();
  useEffect(() => {
    form.setFieldsValue({
      remind_after_days: setting.remind_after_days,
      escalate_after_days: setting.escalate_after_days,
      escalate_to_id: setting.escalate_to?.id ?? null,
    });
  }, [form, setting]);

  const onFinish = (v: Values) => {
    const body: ApprovalSettingBody = {
      remind_after_days: v.remind_after_days ?? null,
      escalate_after_days: v.escalate_after_days ?? null,
      escalate_to_id: v.escalate_to_id ?? null,
    };
    save.mutate(
      { module: setting.module, body },
      {
        onSuccess: () =>
          toastSuccess(t('approvals.settings.saved', { module: t(`approvals.modules.${setting.module}`) })),
        onError: (error) => applyServerErrors(form, error),
      },
    );
  };
  const title = t(`approvals.modules.${setting.module}`);
  return (
    <Card title={title} style={{ flex: '1 1 320px', maxWidth: 520 }}>
      <Form<Values>
        form={form}
        name={`approval-${setting.module}`}
        layout="vertical"
        onFinish={onFinish}
        aria-label={title}
      >
        <Form.Item
          name="remind_after_days"
          label={t('approvals.settings.remind')}
          rules={rules('remind_after_days')}
          extra={t('approvals.settings.emptyNever')}
        >
          <InputNumber min={1} max={60} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="escalate_after_days"
          label={t('approvals.settings.escalate')}
          rules={rules('escalate_after_days')}
          dependencies={['remind_after_days']}
          extra={t('approvals.settings.emptyNever')}
        >
          <InputNumber min={1} max={90} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="escalate_to_id"
          label={t('approvals.settings.escalateTo')}
          extra={t('approvals.settings.escalateToHelp')}
        >
          <EmployeePicker
            allowClear
            known={setting.escalate_to ? [setting.escalate_to] : []}
            placeholder={t('approvals.settings.oneLevelUp')}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('approvals.settings.save', { module: title })}
        </Button>
      </Form>
    </Card>
  );
}

/** /admin/approvals: HR's reminders and escalation per module, in the office's working days. */
export function Component() {
  const { t } = useTranslation();
  const settings = useApprovalSettings();
  return (
    <>
      <PageHeader title={t('approvals.settings.title')} subtitle={t('approvals.settings.intro')} />
      <Typography.Paragraph type="secondary">{t('approvals.settings.explain')}</Typography.Paragraph>
      {settings.isError ? <Alert type="error" title={t('errors.unexpected')} /> : null}
      {settings.isLoading ? <Skeleton active /> : null}
      <Flex gap={16} wrap>
        {(settings.data?.items ?? []).map((s) => (
          <ModuleSetting key={s.module as ApprovalModule} setting={s} />
        ))}
      </Flex>
    </>
  );
}

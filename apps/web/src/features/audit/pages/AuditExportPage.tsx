import { DownloadOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { type AuditChainStatus, auditExportQuery } from '@hr/contracts/audit';
import { DATE_FORMAT } from '@hr/contracts/limits';
import {
  Alert,
  Button,
  Card,
  DatePicker,
  Descriptions,
  Flex,
  Form,
  type FormRule,
  Tag,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminOnly } from '../../../components/AdminOnly';
import { PageHeader } from '../../../components/PageHeader';
import { formatDateTime, toApiDate } from '../../../lib/dates';
import { translateValidation } from '../../../lib/i18n';
import { reportError } from '../../../lib/notify';
import { downloadAuditCsv, useAuditChain, useRefreshAuditChain, useVerifyAuditChain } from '../api';

interface Values {
  from?: Dayjs | null;
  to?: Dayjs | null;
}

const asQuery = (v: Values) => ({ from: toApiDate(v.from) ?? '', to: toApiDate(v.to) ?? '' });

/** The export query's own rule (packages/contracts audit.ts) for one of its two fields. */
const rangeRule =
  (field: 'from' | 'to'): FormRule =>
  ({ getFieldsValue }) => ({
    validator: async () => {
      const parsed = auditExportQuery.safeParse(asQuery(getFieldsValue(true) as Values));
      const issue = parsed.error?.issues.find((i) => i.path[0] === field);
      if (issue) throw new Error(translateValidation(issue.message));
    },
  });

/** The date range and the download. */
function ExportCard() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const refresh = useRefreshAuditChain();
  const today = dayjs();
  const titleId = useId();
  // Not a submit button: Enter in a date field confirms the typed date, and must not download the range before it.
  const download = async () => {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setBusy(true);
    try {
      await downloadAuditCsv(asQuery(values));
      void refresh();
    } catch (error) {
      reportError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby={titleId}>
      <Card
        title={
          <h4 id={titleId} className="audit-card-title" style={{ margin: 0 }}>
            {t('audit.export.title')}
          </h4>
        }
      >
        <Typography.Paragraph type="secondary">{t('audit.export.intro')}</Typography.Paragraph>
        <Form<Values>
          form={form}
          layout="vertical"
          initialValues={{ from: today.startOf('month'), to: today }}
          requiredMark
        >
          <Flex gap={16} wrap>
            <Form.Item name="from" label={t('audit.export.from')} rules={[rangeRule('from')]} required>
              <DatePicker format={DATE_FORMAT} allowClear={false} />
            </Form.Item>
            <Form.Item
              name="to"
              label={t('audit.export.to')}
              rules={[rangeRule('to')]}
              dependencies={['from']}
              required
            >
              <DatePicker format={DATE_FORMAT} allowClear={false} />
            </Form.Item>
          </Flex>
          <Button
            type="primary"
            loading={busy}
            onClick={() => void download()}
            icon={<DownloadOutlined aria-hidden />}
          >
            {t('audit.export.download')}
          </Button>
        </Form>
      </Card>
    </section>
  );
}

/** The last verification: holds, or the first broken row and why. */
function Verification({ state }: { state: AuditChainStatus }) {
  const { t } = useTranslation();
  const v = state.verification;
  if (!v) return <span>{t('audit.chain.never')}</span>;
  const when = <span dir="ltr">{formatDateTime(v.checked_at)}</span>;
  if (v.ok)
    return (
      <span>
        <Tag color="green">{t('audit.chain.holds')}</Tag> {when}
      </span>
    );
  return (
    <Flex vertical gap={8}>
      <span>
        <Tag color="red">{t('audit.chain.broken')}</Tag> {when}
      </span>
      {v.problem ? (
        <Alert
          type="error"
          showIcon
          title={t('audit.chain.brokenAt', { id: v.problem.id ?? '—' })}
          description={t(`audit.break.${v.problem.kind}`)}
        />
      ) : null}
    </Flex>
  );
}

/** How far the chain is sealed, the last verification, and verifying again. */
function ChainCard() {
  const { t } = useTranslation();
  const chain = useAuditChain();
  const verify = useVerifyAuditChain();
  const state = chain.data;
  const titleId = useId();
  const run = async () => {
    try {
      await verify.mutateAsync();
    } catch (error) {
      reportError(error);
    }
  };
  return (
    <section aria-labelledby={titleId}>
      <Card
        title={
          <h4 id={titleId} className="audit-card-title" style={{ margin: 0 }}>
            {t('audit.chain.title')}
          </h4>
        }
        loading={!state && chain.isPending}
        extra={
          <Button
            icon={<SafetyCertificateOutlined aria-hidden />}
            loading={verify.isPending}
            onClick={() => void run()}
          >
            {t('audit.chain.verify')}
          </Button>
        }
      >
        <Typography.Paragraph type="secondary">{t('audit.chain.intro')}</Typography.Paragraph>
        {state ? (
          <Descriptions
            column={1}
            size="small"
            items={[
              {
                key: 'sealed',
                label: t('audit.chain.sealed'),
                children: t('audit.chain.rows', { count: state.sealed }),
              },
              {
                key: 'unsealed',
                label: t('audit.chain.unsealed'),
                children: t('audit.chain.rows', { count: state.unsealed }),
              },
              {
                key: 'lastSealed',
                label: t('audit.chain.lastSealed'),
                children: <span dir="ltr">{formatDateTime(state.last_sealed_at)}</span>,
              },
              {
                key: 'verification',
                label: t('audit.chain.lastVerification'),
                children: <Verification state={state} />,
              },
            ]}
          />
        ) : null}
      </Card>
    </section>
  );
}

/**
 * /admin/audit (Administration → People → Audit export): HR downloads the
 * audit rows of a range of days as CSV (each with its chain hash; the
 * download is itself audited) and sees the hash chain's state.
 */
export function Component() {
  const { t } = useTranslation();
  return (
    <AdminOnly>
      <PageHeader title={t('audit.title')} subtitle={t('audit.intro')} />
      <Flex vertical gap={16} style={{ marginTop: 16, maxWidth: 760 }}>
        <ExportCard />
        <ChainCard />
      </Flex>
    </AdminOnly>
  );
}

import { DeleteOutlined } from '@ant-design/icons';
import {
  type ErasureBody,
  type ErasureReportLine,
  type ErasureState,
  erasureBody,
  type Leaver,
} from '@hr/contracts/data-rights';
import { Alert, Button, Card, Checkbox, Descriptions, Flex, Form, Input, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AdminOnly } from '../../../components/AdminOnly';
import { PageHeader } from '../../../components/PageHeader';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { applyServerErrors, zodRules } from '../../../lib/forms';
import { toastSuccess } from '../../../lib/notify';
import { useErase, useErasureState, useLeavers } from '../api';

const rules = zodRules(erasureBody);

/** A date kept in its own order inside a sentence of either direction (a left-to-right isolate). */
const ltr = (text: string) => `\u2066${text}\u2069`;

interface Values {
  confirm?: string;
  override_retention?: boolean;
  reason?: string;
}

/** The leavers found by name or E-ID, each with the end of their retention period. */
function LeaverList({ picked, onPick }: { picked: number | null; onPick: (id: number) => void }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const leavers = useLeavers(search);
  return (
    <Card title={<h4 className="data-rights-card-title">{t('dataRights.erasure.leavers')}</h4>}>
      <Input.Search
        aria-label={t('dataRights.erasure.search')}
        placeholder={t('dataRights.erasure.search')}
        onSearch={(value) => setSearch(value.trim())}
        style={{ marginBottom: 12 }}
      />
      <Table<Leaver>
        rowKey="id"
        size="small"
        loading={leavers.isFetching}
        dataSource={leavers.data?.data ?? []}
        pagination={false}
        locale={{ emptyText: t('dataRights.erasure.noLeavers') }}
        rowClassName={(row) => (row.id === picked ? 'ant-table-row-selected' : '')}
        columns={[
          { key: 'name', title: t('dataRights.erasure.name'), dataIndex: 'name' },
          { key: 'eid', title: t('dataRights.erasure.eid'), dataIndex: 'eid' },
          {
            key: 'retention',
            title: t('dataRights.erasure.retentionEnd'),
            render: (_, row) =>
              row.erased_at ? (
                <Tag>{t('dataRights.erasure.erased')}</Tag>
              ) : (
                <span dir="ltr">{formatDate(row.retention_end)}</span>
              ),
          },
          {
            key: 'pick',
            title: <span className="visually-hidden">{t('dataRights.erasure.choose')}</span>,
            render: (_, row) => (
              <Button
                size="small"
                aria-label={`${t('dataRights.erasure.choose')} ${row.name}`}
                onClick={() => onPick(row.id)}
              >
                {t('dataRights.erasure.choose')}
              </Button>
            ),
          },
        ]}
      />
    </Card>
  );
}

/** The erasure's report: per area, what was removed, replaced or kept, how many rows, and why kept. */
function Report({ state }: { state: ErasureState }) {
  const { t } = useTranslation();
  const erasure = state.erasure;
  if (!erasure) return null;
  const outcomeColor = { removed: 'red', replaced: 'gold', kept: 'blue' } as const;
  return (
    <Card title={<h4 className="data-rights-card-title">{t('dataRights.report.title')}</h4>}>
      <Typography.Paragraph>
        {t('dataRights.report.when', { when: ltr(formatDateTime(erasure.created)) })}{' '}
        {erasure.overrode_retention
          ? t('dataRights.report.overrode', { reason: erasure.reason ?? '' })
          : null}
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary">{t('dataRights.report.emptyLeftOut')}</Typography.Paragraph>
      <Table<ErasureReportLine>
        rowKey={(l) => `${l.area}:${l.what}:${l.outcome}`}
        size="small"
        pagination={false}
        dataSource={erasure.report.lines.filter((l) => l.rows > 0)}
        columns={[
          {
            key: 'area',
            title: t('dataRights.report.area'),
            render: (_, l) => t(`dataRights.areaName.${l.area}`),
          },
          {
            key: 'what',
            title: t('dataRights.report.what'),
            render: (_, l) => <code dir="ltr">{l.what}</code>,
          },
          {
            key: 'outcome',
            title: t('dataRights.report.outcome'),
            render: (_, l) => (
              <Tag color={outcomeColor[l.outcome]}>{t(`dataRights.outcome.${l.outcome}`)}</Tag>
            ),
          },
          { key: 'rows', title: t('dataRights.report.rows'), dataIndex: 'rows', align: 'end' },
          {
            key: 'why',
            title: t('dataRights.report.why'),
            render: (_, l) => (l.why ? t(`dataRights.why.${l.why}`) : '—'),
          },
        ]}
      />
    </Card>
  );
}

/** The picked leaver: their dates, the retention period, the confirmation form or the report. */
function Person({ employeeId }: { employeeId: number }) {
  const { t } = useTranslation();
  const state = useErasureState(employeeId);
  const erase = useErase(employeeId);
  const [form] = Form.useForm<Values>();
  const override = Form.useWatch('override_retention', form) ?? false;
  if (!state.data) return <Card loading />;
  const s = state.data;
  const may = s.actions.length > 0;
  const submit = async (values: Values) => {
    const body: ErasureBody = {
      confirm: values.confirm ?? '',
      ...(values.override_retention ? { override_retention: true, reason: values.reason ?? '' } : {}),
    };
    try {
      await erase.mutateAsync(body);
      toastSuccess(t('dataRights.erasure.done'));
    } catch (error) {
      applyServerErrors(form, error);
    }
  };
  return (
    <Flex vertical gap={16}>
      <Card title={<h4 className="data-rights-card-title">{s.employee.name}</h4>}>
        <Descriptions
          column={1}
          size="small"
          items={[
            {
              key: 'eid',
              label: t('dataRights.erasure.eid'),
              children: <span dir="ltr">{s.employee.eid}</span>,
            },
            {
              key: 'last',
              label: t('dataRights.erasure.lastWorkingDay'),
              children: <span dir="ltr">{formatDate(s.last_working_day)}</span>,
            },
            {
              key: 'disabled',
              label: t('dataRights.erasure.disabledAt'),
              children: <span dir="ltr">{formatDate(s.disabled_at)}</span>,
            },
            {
              key: 'retention',
              label: t('dataRights.erasure.retentionEnd'),
              children: (
                <span>
                  <span dir="ltr">{formatDate(s.retention_end)}</span>{' '}
                  {t('dataRights.erasure.retentionDays', { count: s.retention_days })}
                </span>
              ),
            },
          ]}
        />
        {s.employee.enabled ? <Alert type="warning" showIcon title={t('dataRights.erasure.active')} /> : null}
        {s.employee.erased_at ? (
          <Alert type="info" showIcon title={t('dataRights.erasure.alreadyErased')} />
        ) : null}
        {may ? (
          <Form<Values>
            form={form}
            layout="vertical"
            style={{ marginTop: 16 }}
            onFinish={(values) => void submit(values)}
            requiredMark
          >
            {s.within_retention ? (
              <Alert
                type="warning"
                showIcon
                style={{ marginBottom: 16 }}
                title={t('dataRights.erasure.within', { date: ltr(formatDate(s.retention_end)) })}
              />
            ) : null}
            <Form.Item
              name="confirm"
              label={t('dataRights.erasure.confirm', { eid: s.employee.eid })}
              rules={rules('confirm')}
              required
            >
              <Input autoComplete="off" dir="ltr" />
            </Form.Item>
            {s.within_retention ? (
              <Form.Item name="override_retention" valuePropName="checked">
                <Checkbox>{t('dataRights.erasure.override')}</Checkbox>
              </Form.Item>
            ) : null}
            {override ? (
              <Form.Item
                name="reason"
                label={t('dataRights.erasure.reason')}
                rules={rules('reason')}
                required
              >
                <Input.TextArea rows={3} maxLength={500} showCount />
              </Form.Item>
            ) : null}
            <Button
              danger
              type="primary"
              htmlType="submit"
              loading={erase.isPending}
              disabled={s.within_retention && !override}
              icon={<DeleteOutlined aria-hidden />}
            >
              {t('dataRights.erasure.erase')}
            </Button>
          </Form>
        ) : null}
      </Card>
    </Flex>
  );
}

/** The report of the picked person's erasure, across the page's width. */
function PickedReport({ employeeId }: { employeeId: number }) {
  const state = useErasureState(employeeId);
  return state.data ? <Report state={state.data} /> : null;
}

/**
 * /admin/erasure (Administration → People → Erasure): HR picks a leaver,
 * sees when their retention period ends, types their E-ID to confirm (and,
 * inside the period, overrides with a reason), and sees the report of what
 * was removed, replaced and kept.
 */
export function Component() {
  const { t } = useTranslation();
  // From a leaver's profile (its Erasure button): that person, chosen.
  const [params] = useSearchParams();
  const asked = Number(params.get('employee'));
  const [picked, setPicked] = useState<number | null>(Number.isInteger(asked) && asked > 0 ? asked : null);
  return (
    <AdminOnly>
      <PageHeader title={t('dataRights.erasure.title')} subtitle={t('dataRights.erasure.intro')} />
      <Flex gap={16} wrap style={{ marginTop: 16 }} align="flex-start">
        <div style={{ flex: '1 1 420px', minWidth: 0 }}>
          <LeaverList picked={picked} onPick={setPicked} />
        </div>
        <div style={{ flex: '2 1 520px', minWidth: 0 }}>
          {picked === null ? (
            <Card>
              <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
                {t('dataRights.erasure.pick')}
              </Typography.Paragraph>
            </Card>
          ) : (
            <Person key={picked} employeeId={picked} />
          )}
        </div>
      </Flex>
      {picked === null ? null : (
        <div style={{ marginTop: 16 }}>
          <PickedReport employeeId={picked} />
        </div>
      )}
    </AdminOnly>
  );
}

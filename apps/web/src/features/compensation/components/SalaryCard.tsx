import { DeleteOutlined, EditOutlined, RiseOutlined } from '@ant-design/icons';
import { type SalaryKind, type SalaryRecord, salaryForm } from '@hr/contracts/compensation';
import { DATE_FORMAT } from '@hr/contracts/limits';
import {
  Button,
  Card,
  Col,
  DatePicker,
  Empty,
  Flex,
  Form,
  InputNumber,
  Modal,
  Row,
  Skeleton,
  Space,
  Table,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminRules, applyAdminErrors } from '../../../lib/admin-forms';
import { confirmDelete } from '../../../lib/confirm-delete';
import { formatDate, formatDateTime, toApiDate } from '../../../lib/dates';
import { reportError, toastSuccess } from '../../../lib/notify';
import { useCompensationMutations, useSalaries } from '../api';
import { isolate, useMoney } from '../format';
import { keepEnterInPickers } from '../forms';

const STATE_COLOR = { current: 'green', upcoming: 'blue', past: 'default' } as const;

interface SalaryValues {
  amount?: number;
  effective_date?: Dayjs;
}

/** What the form is for: a new amount of a kind from a date on, or a correction of a row. */
type Editing = { kind: SalaryKind } | { row: SalaryRecord };

/** HR administrators: a new basic salary or tax from a date on, or a row of the history corrected. */
function SalaryModal({
  employeeId,
  editing,
  onClose,
}: {
  employeeId: number;
  editing: Editing | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { assign, updateSalary } = useCompensationMutations(employeeId);
  const [form] = Form.useForm<SalaryValues>();
  const rules = adminRules(salaryForm);
  const row = editing && 'row' in editing ? editing.row : null;
  const kind = row?.kind ?? (editing && 'kind' in editing ? editing.kind : 'basic');
  const title = row
    ? t('compensation.salary.editTitle')
    : kind === 'basic'
      ? t('compensation.salary.changeBasic')
      : t('compensation.salary.changeTax');

  const save = async () => {
    let values: SalaryValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const body = { amount: values.amount!, effective_date: toApiDate(values.effective_date)! };
    try {
      if (row) await updateSalary.mutateAsync({ id: row.id, body });
      else await assign.mutateAsync({ kind, body });
      toastSuccess(t('notices.updated'));
      onClose();
    } catch (error) {
      applyAdminErrors(form, error);
    }
  };

  return (
    <Modal
      open={editing !== null}
      title={title}
      onCancel={onClose}
      onOk={() => void save()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={assign.isPending || updateSalary.isPending}
      destroyOnHidden
    >
      <Form<SalaryValues>
        form={form}
        name="salary"
        layout="vertical"
        preserve={false}
        initialValues={
          row
            ? { amount: Number(row.amount), effective_date: dayjs(row.effective_date) }
            : { effective_date: dayjs().startOf('month').add(1, 'month') }
        }
        onFinish={() => void save()}
        onKeyDownCapture={keepEnterInPickers}
      >
        <Form.Item
          name="amount"
          label={kind === 'basic' ? t('compensation.salary.basic') : t('compensation.salary.tax')}
          rules={rules('amount')}
          required
        >
          <InputNumber<number> min={0} step={500} style={{ width: '100%' }} autoFocus />
        </Form.Item>
        <Form.Item
          name="effective_date"
          label={t('compensation.salary.effectiveDate')}
          rules={rules('effective_date')}
          extra={row ? null : t('compensation.salary.effectiveHint')}
          required
        >
          <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} />
        </Form.Item>
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Modal>
  );
}

/** One current amount (basic or tax): the amount, the day it is from, and one coming after it. */
function Current({
  label,
  row,
  upcoming,
}: {
  label: string;
  row: SalaryRecord | null;
  upcoming: SalaryRecord | undefined;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  return (
    <Flex vertical gap={4} className="compensation-current">
      <Typography.Text type="secondary">{label}</Typography.Text>
      {row ? (
        <>
          <Typography.Text strong className="compensation-current__amount">
            <bdi>{money(row.amount)}</bdi>
          </Typography.Text>
          <Typography.Text type="secondary">
            {t('compensation.salary.since', { date: isolate(formatDate(row.effective_date)) })}
          </Typography.Text>
        </>
      ) : (
        <Typography.Text type="secondary">{t('compensation.salary.notSet')}</Typography.Text>
      )}
      {upcoming ? (
        <Tag color="blue" icon={<RiseOutlined aria-hidden />} className="compensation-current__upcoming">
          {t('compensation.salary.upcomingFrom', {
            amount: isolate(money(upcoming.amount)),
            date: isolate(formatDate(upcoming.effective_date)),
          })}
        </Tag>
      ) : null}
    </Flex>
  );
}

/**
 * The employee's salary: the current basic and tax with the day each is
 * from, a coming change, and the whole history; HR administrators change
 * them and correct or remove a row.
 */
export function SalaryCard({ employeeId, canManage }: { employeeId: number; canManage: boolean }) {
  const { t } = useTranslation();
  const money = useMoney();
  const salaries = useSalaries(employeeId);
  const { deleteSalary } = useCompensationMutations(employeeId);
  const [editing, setEditing] = useState<Editing | null>(null);
  const title = t('compensation.salary.title');
  const history = salaries.data?.history ?? [];
  // The nearest coming row of a kind (the history is newest first).
  const upcoming = (kind: SalaryKind) =>
    history.filter((h) => h.kind === kind && h.state === 'upcoming').at(-1);
  const kindLabel = (kind: SalaryKind) => t(`compensation.salary.kinds.${kind}`);
  const rowName = (row: SalaryRecord) =>
    t('compensation.salary.rowName', {
      kind: kindLabel(row.kind),
      date: isolate(formatDate(row.effective_date)),
    });

  const remove = async (row: SalaryRecord) => {
    if (!(await confirmDelete(rowName(row)))) return;
    try {
      await deleteSalary.mutateAsync(row.id);
      toastSuccess(t('notices.deleted', { name: rowName(row) }));
    } catch (error) {
      reportError(error);
    }
  };

  return (
    <Card
      title={title}
      className="profile-section"
      role="region"
      aria-label={title}
      extra={
        canManage ? (
          <Space wrap>
            <Button icon={<EditOutlined aria-hidden />} onClick={() => setEditing({ kind: 'basic' })}>
              {t('compensation.salary.changeBasic')}
            </Button>
            <Button onClick={() => setEditing({ kind: 'tax' })}>{t('compensation.salary.changeTax')}</Button>
          </Space>
        ) : null
      }
    >
      {salaries.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : salaries.isError ? (
        <Empty description={t('compensation.loadFailed')} />
      ) : (
        <>
          <Row gutter={[24, 16]}>
            <Col xs={24} sm={12}>
              <Current
                label={t('compensation.salary.basic')}
                row={salaries.data.current.basic}
                upcoming={upcoming('basic')}
              />
            </Col>
            <Col xs={24} sm={12}>
              <Current
                label={t('compensation.salary.tax')}
                row={salaries.data.current.tax}
                upcoming={upcoming('tax')}
              />
            </Col>
          </Row>
          <Table<SalaryRecord>
            size="small"
            rowKey="id"
            style={{ marginTop: 16 }}
            aria-label={t('compensation.salary.history')}
            title={() => <Typography.Text strong>{t('compensation.salary.history')}</Typography.Text>}
            dataSource={history}
            pagination={history.length > 10 ? { pageSize: 10, size: 'small', hideOnSinglePage: true } : false}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: t('compensation.salary.none') }}
            columns={[
              {
                key: 'date',
                title: t('compensation.salary.effectiveDate'),
                render: (_, h) => <bdi>{formatDate(h.effective_date)}</bdi>,
              },
              { key: 'kind', title: t('compensation.salary.kind'), render: (_, h) => kindLabel(h.kind) },
              {
                key: 'amount',
                title: t('compensation.salary.amount'),
                align: 'end',
                render: (_, h) => <bdi className="compensation-amount">{money(h.amount)}</bdi>,
              },
              {
                key: 'state',
                title: t('compensation.salary.state'),
                render: (_, h) => (
                  <Tag color={STATE_COLOR[h.state]}>{t(`compensation.salary.states.${h.state}`)}</Tag>
                ),
              },
              {
                key: 'by',
                title: t('compensation.salary.setBy'),
                render: (_, h) => (
                  <Flex vertical>
                    <span>{h.created_by?.name ?? t('compensation.system')}</span>
                    <Typography.Text type="secondary">
                      <bdi>{formatDateTime(h.created)}</bdi>
                    </Typography.Text>
                  </Flex>
                ),
              },
              ...(canManage
                ? [
                    {
                      key: 'actions',
                      title: t('common.actions'),
                      align: 'end' as const,
                      render: (_: unknown, h: SalaryRecord) => (
                        <Space size={0}>
                          <Tooltip title={t('common.edit')}>
                            <Button
                              type="text"
                              icon={<EditOutlined aria-hidden />}
                              aria-label={`${t('common.edit')} ${rowName(h)}`}
                              onClick={() => setEditing({ row: h })}
                            />
                          </Tooltip>
                          <Tooltip title={t('common.delete')}>
                            <Button
                              type="text"
                              danger
                              icon={<DeleteOutlined aria-hidden />}
                              aria-label={`${t('common.delete')} ${rowName(h)}`}
                              onClick={() => void remove(h)}
                            />
                          </Tooltip>
                        </Space>
                      ),
                    },
                  ]
                : []),
            ]}
          />
        </>
      )}
      {canManage ? (
        <SalaryModal employeeId={employeeId} editing={editing} onClose={() => setEditing(null)} />
      ) : null}
    </Card>
  );
}

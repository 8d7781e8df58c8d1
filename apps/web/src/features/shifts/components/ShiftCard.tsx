import { ClockCircleOutlined } from '@ant-design/icons';
import { DATE_FORMAT } from '@hr/contracts/limits';
import { assignShiftForm, type EmployeeShifts } from '@hr/contracts/shifts';
import {
  Button,
  Card,
  DatePicker,
  Descriptions,
  Empty,
  Form,
  Modal,
  Select,
  Skeleton,
  Table,
  Tag,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminRules, applyAdminErrors } from '../../../lib/admin-forms';
import { formatDate, toApiDate } from '../../../lib/dates';
import { toastSuccess } from '../../../lib/notify';
import { useAssignShift, useEmployeeShifts, useShiftOptions } from '../api';
import { useShiftText } from '../format';

interface AssignValues {
  shift_id?: number;
  from_date?: Dayjs;
}

/** HR administrators: the employee works a shift from a date on. */
function AssignShiftModal({
  employeeId,
  open,
  onClose,
}: {
  employeeId: number;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const text = useShiftText();
  const options = useShiftOptions(open);
  const assign = useAssignShift(employeeId);
  const [form] = Form.useForm<AssignValues>();
  const rules = adminRules(assignShiftForm);

  const save = async () => {
    let values: AssignValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    try {
      await assign.mutateAsync({ shift_id: values.shift_id!, from_date: toApiDate(values.from_date)! });
      toastSuccess(t('notices.updated'));
      onClose();
    } catch (error) {
      applyAdminErrors(form, error);
    }
  };

  return (
    <Modal
      open={open}
      title={t('shifts.profile.assignTitle')}
      onCancel={onClose}
      onOk={() => void save()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={assign.isPending}
      destroyOnHidden
    >
      <Form<AssignValues>
        form={form}
        name="assign-shift"
        layout="vertical"
        preserve={false}
        initialValues={{ from_date: dayjs().startOf('day') }}
      >
        <Form.Item name="shift_id" label={t('shifts.profile.shift')} rules={rules('shift_id')} required>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            loading={options.isPending}
            placeholder={t('shifts.profile.chooseShift')}
            options={(options.data ?? []).map((s) => ({
              value: s.id,
              label: `${s.name} · ${text.hours(s)}`,
            }))}
          />
        </Form.Item>
        <Form.Item
          name="from_date"
          label={t('shifts.profile.fromDate')}
          rules={rules('from_date')}
          extra={t('shifts.profile.fromHint')}
          required
        >
          <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

type HistoryRow = EmployeeShifts['history'][number];

/**
 * The profile's shift: the one of today (the default when none is assigned)
 * and the history, for those who read the employee's personal data; HR
 * administrators assign a shift from here.
 */
export function ShiftCard({ employeeId, canAssign }: { employeeId: number; canAssign: boolean }) {
  const { t } = useTranslation();
  const text = useShiftText();
  const shifts = useEmployeeShifts(employeeId);
  const [assigning, setAssigning] = useState(false);
  const current = shifts.data?.current;
  const history = shifts.data?.history ?? [];
  const today = dayjs().format('YYYY-MM-DD');
  const title = t('shifts.profile.title');

  return (
    <Card
      title={title}
      className="profile-section"
      role="region"
      aria-label={title}
      extra={
        canAssign ? (
          <Button icon={<ClockCircleOutlined aria-hidden />} onClick={() => setAssigning(true)}>
            <span className="profile-section__button-text">{t('shifts.profile.assign')}</span>
          </Button>
        ) : null
      }
    >
      {shifts.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : !current?.shift ? (
        <Empty description={t('shifts.profile.none')} />
      ) : (
        <>
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 2, xl: 4 }}
            items={[
              {
                key: 'shift',
                label: t('shifts.profile.current'),
                children: (
                  <span>
                    <Typography.Text strong>{current.shift.name}</Typography.Text>{' '}
                    {current.is_default ? <Tag>{t('shifts.defaultTag')}</Tag> : null}
                  </span>
                ),
              },
              {
                key: 'hours',
                label: t('shifts.fields.hours'),
                children: <bdi>{text.hours(current.shift)}</bdi>,
              },
              {
                key: 'grace',
                label: t('shifts.fields.grace'),
                children: <bdi>{current.shift.grace_minutes}</bdi>,
              },
              {
                key: 'off',
                label: t('shifts.fields.weeklyOff'),
                children: text.offDays(current.shift.weekly_off_days),
              },
              {
                key: 'since',
                label: t('shifts.profile.since'),
                children: current.from_date ? (
                  <bdi>{formatDate(current.from_date)}</bdi>
                ) : (
                  <Typography.Text type="secondary">{t('shifts.profile.defaultNote')}</Typography.Text>
                ),
              },
            ]}
          />
          {history.length > 0 ? (
            <Table<HistoryRow>
              size="small"
              rowKey="id"
              className="shift-history"
              style={{ marginTop: 12 }}
              aria-label={t('shifts.profile.history')}
              title={() => <Typography.Text strong>{t('shifts.profile.history')}</Typography.Text>}
              pagination={history.length > 5 ? { pageSize: 5, size: 'small', hideOnSinglePage: true } : false}
              dataSource={history}
              scroll={{ x: 'max-content' }}
              columns={[
                {
                  key: 'from',
                  title: t('shifts.profile.fromDate'),
                  render: (_, h) => <bdi>{formatDate(h.from_date)}</bdi>,
                },
                {
                  key: 'shift',
                  title: t('shifts.profile.shift'),
                  render: (_, h) => (
                    <span>
                      {h.shift.name}{' '}
                      {h.from_date > today ? <Tag color="blue">{t('shifts.profile.upcoming')}</Tag> : null}
                      {h.from_date === current.from_date ? (
                        <Tag color="green">{t('shifts.profile.currentTag')}</Tag>
                      ) : null}
                    </span>
                  ),
                },
                {
                  key: 'hours',
                  title: t('shifts.fields.hours'),
                  render: (_, h) => <bdi>{text.hours(h.shift)}</bdi>,
                },
              ]}
            />
          ) : null}
        </>
      )}
      {canAssign ? (
        <AssignShiftModal employeeId={employeeId} open={assigning} onClose={() => setAssigning(false)} />
      ) : null}
    </Card>
  );
}

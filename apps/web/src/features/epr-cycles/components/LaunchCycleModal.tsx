import { EPR_MESSAGES } from '@hr/contracts/epr';
import {
  EPR_CYCLE_MESSAGES,
  EPR_CYCLE_NAME,
  type EprCycleBody,
  type EprCycleLaunched,
  eprCycleForm,
} from '@hr/contracts/epr-cycles';
import { Alert, DatePicker, Flex, Form, Input, Modal, Select, TreeSelect } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { PeriodFields } from '../../../components/form/PeriodFields';
import { useCompanyChoices, useGroupChoices } from '../../../components/list/choices';
import { DATE_FORMAT, toApiDate } from '../../../lib/dates';
import { applyServerErrors, dateAgainst, zodRules } from '../../../lib/forms';
import { typeName } from '../../../lib/server-errors';
import { useCycleTypes, useLaunchCycle } from '../api';

interface Values {
  name?: string;
  type_id?: number;
  from_date?: Dayjs;
  to_date?: Dayjs;
  deadline?: Dayjs;
  company_id?: number;
  group_tree_id?: number;
}

const rules = zodRules(eprCycleForm);

/**
 * "Launch review cycle": the period, the review type, the deadline, and
 * optionally a company or a group item to cover instead of everyone. The
 * server makes the reviews at once and answers how many.
 */
export function LaunchCycleModal({
  open,
  onClose,
  onLaunched,
}: {
  open: boolean;
  onClose: () => void;
  onLaunched: (cycle: EprCycleLaunched) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const types = useCycleTypes();
  const companies = useCompanyChoices(open);
  const groups = useGroupChoices(open);
  const launch = useLaunchCycle();

  const onFinish = (v: Values) => {
    const body: EprCycleBody = {
      name: v.name ?? '',
      type_id: v.type_id!,
      from_date: toApiDate(v.from_date)!,
      to_date: toApiDate(v.to_date)!,
      deadline: toApiDate(v.deadline)!,
      company_id: v.company_id ?? null,
      group_tree_id: v.group_tree_id ?? null,
    };
    launch.mutate(body, {
      onSuccess: (cycle) => {
        onLaunched(cycle);
        onClose();
      },
      onError: (error) => applyServerErrors(form, error),
    });
  };

  const half = { flex: 1, minWidth: 150 };
  const today = dayjs().startOf('day');
  return (
    <Modal
      open={open}
      title={t('eprCycles.form.title')}
      okText={t('eprCycles.form.launch')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={launch.isPending}
      destroyOnHidden
      width={600}
    >
      <Form<Values> form={form} layout="vertical" onFinish={onFinish} preserve={false}>
        <Alert type="info" showIcon title={t('eprCycles.form.help')} style={{ marginBottom: 16 }} />
        <Form.Item name="name" label={t('eprCycles.form.name')} rules={rules('name')} required>
          <Input maxLength={EPR_CYCLE_NAME.max} placeholder={t('eprCycles.form.namePlaceholder')} />
        </Form.Item>
        <Form.Item name="type_id" label={t('eprCycles.form.type')} rules={rules('type_id')} required>
          <Select
            options={(types.data ?? []).map((ty) => ({ value: ty.id, label: typeName('epr', ty) }))}
            loading={types.isPending}
            placeholder={t('eprCycles.form.typePlaceholder')}
          />
        </Form.Item>
        <PeriodFields
          labels={{ from: t('eprCycles.form.from'), to: t('eprCycles.form.to') }}
          rules={rules}
          toBeforeFrom={EPR_MESSAGES.toBeforeFrom}
        >
          <Form.Item
            name="deadline"
            label={t('eprCycles.form.deadline')}
            dependencies={['from_date']}
            rules={[
              ...rules('deadline'),
              dateAgainst(
                'from_date',
                (deadline, from) => deadline.isBefore(from, 'day'),
                EPR_CYCLE_MESSAGES.deadlineBeforeFrom,
              ),
            ]}
            required
            style={half}
          >
            <DatePicker
              format={DATE_FORMAT}
              style={{ width: '100%' }}
              placeholder={DATE_FORMAT}
              disabledDate={(d) => d.isBefore(today, 'day')}
            />
          </Form.Item>
        </PeriodFields>
        <Flex gap={12} wrap>
          <Form.Item
            name="company_id"
            label={t('eprCycles.form.company')}
            extra={t('eprCycles.form.scopeHelp')}
            style={half}
          >
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              options={(companies.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
              loading={companies.isLoading}
              placeholder={t('eprCycles.scope.everyone')}
            />
          </Form.Item>
          <Form.Item name="group_tree_id" label={t('eprCycles.form.group')} style={half}>
            <TreeSelect
              allowClear
              treeData={groups.data}
              loading={groups.isLoading}
              treeDefaultExpandAll
              placeholder={t('eprCycles.scope.everyone')}
              showSearch={{ treeNodeFilterProp: 'title' }}
            />
          </Form.Item>
        </Flex>
      </Form>
    </Modal>
  );
}

import { APPROVAL_MODULES, type ApprovalModule } from '@hr/contracts/approvals';
import {
  DELEGATION_MESSAGES,
  type Delegation,
  type DelegationBody,
  delegationForm,
} from '@hr/contracts/delegations';
import { Checkbox, DatePicker, Flex, Form, Radio } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { EmployeePicker, type PickedEmployee } from '../../../components/employee-search/EmployeePicker';
import { RequestFormModal } from '../../../components/form/RequestFormModal';
import { DATE_FORMAT, toApiDate } from '../../../lib/dates';
import { dateAgainst, zodRules } from '../../../lib/forms';
import { useSaveDelegation } from '../api';

interface Values {
  delegate_id?: number;
  from?: Dayjs;
  to?: Dayjs;
  all_modules: boolean;
  modules?: ApprovalModule[];
}

const rules = zodRules(delegationForm);

function initialValues(item: Delegation | null): Values {
  if (!item) return { all_modules: true, from: dayjs().startOf('day') };
  return {
    delegate_id: item.delegate.id,
    from: dayjs(item.from),
    to: dayjs(item.to),
    all_modules: item.modules === null,
    modules: item.modules ?? [],
  };
}

/**
 * Name a delegate, or change a delegation: who decides, the first and last
 * day, and every module or the chosen ones. `employeeId` is whose it is when
 * an HR administrator names one for someone.
 */
export function DelegationFormModal({
  open,
  item,
  employeeId,
  onClose,
}: {
  open: boolean;
  item: Delegation | null;
  employeeId?: number | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const all = Form.useWatch('all_modules', form) ?? true;
  const save = useSaveDelegation();
  const known: PickedEmployee[] = item ? [item.delegate] : [];

  const toBody = (v: Values): DelegationBody => ({
    delegate_id: v.delegate_id!,
    from: toApiDate(v.from)!,
    to: toApiDate(v.to)!,
    modules: v.all_modules ? null : (v.modules ?? []),
    ...(employeeId !== undefined && !item ? { employee_id: employeeId } : {}),
  });

  return (
    <RequestFormModal<Values, DelegationBody>
      open={open}
      editing={item}
      title={item ? t('delegations.form.editTitle') : t('delegations.form.createTitle')}
      form={form}
      initial={initialValues(item)}
      toBody={toBody}
      save={save}
      onClose={onClose}
    >
      <Form.Item
        name="delegate_id"
        label={t('delegations.form.delegate')}
        rules={rules('delegate_id')}
        required
        extra={t('delegations.form.delegateHelp')}
      >
        <EmployeePicker known={known} placeholder={t('delegations.form.delegatePlaceholder')} />
      </Form.Item>
      <Flex gap={12} wrap>
        <Form.Item
          name="from"
          label={t('delegations.form.from')}
          rules={rules('from')}
          required
          style={{ flex: 1, minWidth: 150 }}
        >
          <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="to"
          label={t('delegations.form.to')}
          dependencies={['from']}
          rules={[
            ...rules('to'),
            dateAgainst('from', (to, from) => to.isBefore(from, 'day'), DELEGATION_MESSAGES.toBeforeFrom),
          ]}
          required
          style={{ flex: 1, minWidth: 150 }}
        >
          <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} />
        </Form.Item>
      </Flex>
      <Form.Item name="all_modules" label={t('delegations.form.modules')}>
        <Radio.Group
          options={[
            { value: true, label: t('delegations.allModules') },
            { value: false, label: t('delegations.form.chosenModules') },
          ]}
        />
      </Form.Item>
      {all ? null : (
        <Form.Item
          name="modules"
          label={t('delegations.form.whichModules')}
          dependencies={['all_modules']}
          rules={rules('modules')}
          required
        >
          <Checkbox.Group
            options={APPROVAL_MODULES.map((m) => ({ value: m, label: t(`approvals.modules.${m}`) }))}
          />
        </Form.Item>
      )}
    </RequestFormModal>
  );
}

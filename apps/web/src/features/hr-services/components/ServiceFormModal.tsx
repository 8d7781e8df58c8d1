import {
  fromDmy,
  NOC_CATEGORY,
  type ServiceRequest,
  type ServiceRequestBody,
  serviceRequestForm,
} from '@hr/contracts/hr-services';
import { DATE_FORMAT } from '@hr/contracts/limits';
import { Col, DatePicker, Form, Input, Row, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EmployeePicker, type PickedEmployee } from '../../../components/employee-search/EmployeePicker';
import { RequestFormModal } from '../../../components/form/RequestFormModal';
import { zodRules } from '../../../lib/forms';
import { useNocTypes, useSaveServiceRequest, useServiceCategories } from '../api';

interface Values {
  employee_id?: number;
  category?: string;
  issue_date?: Dayjs;
  noc_type_id?: number;
  from_date?: Dayjs;
  to_date?: Dayjs;
  passport_no?: string;
  intended_country?: string;
  reason?: string;
  description?: string;
}

const rules = zodRules(serviceRequestForm);
/** The limit of reason and description (contracts: descriptionTooLong, reasonTooLong). */
const TEXT_MAX = 2000;
/** Fields only a NOC has; a new category starts without them (SPEC.md §5). */
const NOC_FIELDS = ['noc_type_id', 'from_date', 'to_date', 'passport_no', 'intended_country'] as const;

const pickerDate = (dmy: string | null) => {
  const iso = dmy ? fromDmy(dmy) : null;
  return iso ? dayjs(iso) : undefined;
};

function initialValues(request: ServiceRequest | null, me: PickedEmployee | undefined): Values {
  if (!request) return { employee_id: me?.id };
  return {
    employee_id: request.employee.id,
    category: request.category,
    issue_date: pickerDate(request.issue_date),
    noc_type_id: request.noc_type_id ?? undefined,
    from_date: pickerDate(request.from_date),
    to_date: pickerDate(request.to_date),
    passport_no: request.passport_no ?? undefined,
    intended_country: request.intended_country ?? undefined,
    reason: request.reason ?? undefined,
    description: request.description,
  };
}

/**
 * Ask for an HR service, or change a draft. A NOC asks for its type, the
 * dates, the passport number and the country; other services for a reason.
 * HR admins may ask on behalf of any employee (the server decides who may).
 */
export function ServiceFormModal({
  open,
  request,
  onClose,
  isAdmin,
  me,
}: {
  open: boolean;
  request: ServiceRequest | null;
  onClose: () => void;
  isAdmin: boolean;
  me: PickedEmployee | undefined;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const category = Form.useWatch('category', form);
  const fromDate = Form.useWatch('from_date', form);
  const categories = useServiceCategories();
  const nocTypes = useNocTypes(open);
  const save = useSaveServiceRequest();
  const noc = category === NOC_CATEGORY;

  const known = useMemo(() => {
    const people: PickedEmployee[] = [];
    if (me) people.push(me);
    if (request) people.push(request.employee);
    return people;
  }, [me, request]);

  const onValuesChange = (changed: Partial<Values>) => {
    if ('category' in changed) {
      form.setFields(NOC_FIELDS.map((name) => ({ name, value: undefined, errors: [] })));
    }
  };

  const toRequestBody = (v: Values) => {
    const trimmed = (s: string | undefined) => s?.trim() ?? null;
    const body: ServiceRequestBody = {
      category: v.category ?? null,
      issue_date: v.issue_date ? v.issue_date.format(DATE_FORMAT) : null,
      noc_type_id: noc ? (v.noc_type_id ?? null) : null,
      from_date: noc && v.from_date ? v.from_date.format(DATE_FORMAT) : null,
      to_date: noc && v.to_date ? v.to_date.format(DATE_FORMAT) : null,
      passport_no: noc ? trimmed(v.passport_no) : null,
      intended_country: noc ? trimmed(v.intended_country) : null,
      reason: noc ? null : trimmed(v.reason),
      description: trimmed(v.description),
    };
    if (isAdmin && !request && v.employee_id) body.employee_id = v.employee_id;
    return body;
  };

  const half = { xs: 24, sm: 12 };

  return (
    <RequestFormModal<Values, ServiceRequestBody>
      open={open}
      editing={request}
      title={request ? t('hrServices.form.editTitle') : t('hrServices.form.createTitle')}
      form={form}
      initial={initialValues(request, me)}
      toBody={toRequestBody}
      save={save}
      onClose={onClose}
      onValuesChange={onValuesChange}
      width={640}
    >
      {isAdmin ? (
        <Form.Item
          name="employee_id"
          label={t('hrServices.form.employee')}
          extra={request ? undefined : t('hrServices.form.employeeHelp')}
        >
          <EmployeePicker
            known={known}
            disabled={Boolean(request)}
            placeholder={t('hrServices.form.employeePlaceholder')}
            style={{ width: '100%' }}
          />
        </Form.Item>
      ) : null}
      <Row gutter={12}>
        <Col {...half}>
          <Form.Item name="category" label={t('hrServices.form.category')} rules={rules('category')} required>
            <Select
              loading={categories.isPending}
              placeholder={t('hrServices.form.categoryPlaceholder')}
              options={(categories.data ?? []).map((c) => ({ value: c.value, label: c.name }))}
            />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item
            name="issue_date"
            label={t('hrServices.form.issueDate')}
            rules={rules('issue_date')}
            required
          >
            <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      {noc ? (
        <>
          <Row gutter={12}>
            <Col {...half}>
              <Form.Item
                name="noc_type_id"
                label={t('hrServices.form.nocType')}
                rules={rules('noc_type_id')}
                required
              >
                <Select
                  loading={nocTypes.isPending}
                  placeholder={t('hrServices.form.nocTypePlaceholder')}
                  options={(nocTypes.data ?? []).map((n) => ({ value: n.id, label: n.name }))}
                />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item
                name="passport_no"
                label={t('hrServices.form.passportNo')}
                rules={rules('passport_no')}
                required
              >
                <Input autoComplete="off" />
              </Form.Item>
            </Col>
          </Row>
          <Row gutter={12}>
            <Col {...half}>
              <Form.Item
                name="from_date"
                label={t('hrServices.form.fromDate')}
                rules={rules('from_date')}
                required
              >
                <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item name="to_date" label={t('hrServices.form.toDate')} rules={rules('to_date')} required>
                <DatePicker
                  format={DATE_FORMAT}
                  style={{ width: '100%' }}
                  disabledDate={(d) => Boolean(fromDate && d.isBefore(fromDate, 'day'))}
                />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item
            name="intended_country"
            label={t('hrServices.form.country')}
            rules={rules('intended_country')}
            required
          >
            <Input autoComplete="country-name" />
          </Form.Item>
        </>
      ) : (
        <Form.Item name="reason" label={t('hrServices.form.reason')} rules={rules('reason')} required>
          <Input.TextArea rows={2} showCount count={{ max: TEXT_MAX }} />
        </Form.Item>
      )}
      <Form.Item
        name="description"
        label={t('hrServices.form.description')}
        rules={rules('description')}
        required
      >
        <Input.TextArea rows={3} showCount count={{ max: TEXT_MAX }} />
      </Form.Item>
    </RequestFormModal>
  );
}

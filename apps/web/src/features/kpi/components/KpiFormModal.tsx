import { KPI_SHEET_NAME_MAX, KPI_TYPE, type KpiBody, type KpiListItem, kpiForm } from '@hr/contracts/kpi';
import { NOTICES } from '@hr/contracts/messages';
import { DatePicker, Flex, Form, Input, Modal, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ReportSelect } from '../../../components/list/ReportSelect';
import { DATE_FORMAT, toApiDate } from '../../../lib/dates';
import { applyServerErrors, zodRules } from '../../../lib/forms';
import { ApiError } from '../../../lib/http';
import { confirmDialog, serverErrorText, toastSuccess } from '../../../lib/notify';
import { typeName } from '../../../lib/server-errors';
import { useKpiList, useKpiTypes, useKpiYears, useSaveKpi } from '../api';

interface Values {
  type_id?: number;
  year_id?: number;
  from?: Dayjs;
  to?: Dayjs;
  name?: string;
  employee_id?: number;
  copy_of?: number;
}

const rules = zodRules(kpiForm);
/** SPEC.md §9: after creating a sheet the product waits about 500 ms, then opens it. */
const OPEN_AFTER_MS = 500;

function initialValues(item: KpiListItem | null): Values {
  if (!item) return {};
  return {
    type_id: item.type.id,
    year_id: item.year?.id,
    from: dayjs(item.from),
    to: dayjs(item.to),
    name: item.name,
  };
}

/**
 * Make a KPI sheet (own, or in the Team view for a direct report; optionally
 * copied from an earlier sheet) or change one: type 1 takes its name and
 * dates from the KPI year, type 2 has its own period.
 */
export function KpiFormModal({
  open,
  item,
  team,
  onClose,
}: {
  open: boolean;
  item: KpiListItem | null;
  team: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const typeId = Form.useWatch('type_id', form);
  const yearId = Form.useWatch('year_id', form);
  const employeeId = Form.useWatch('employee_id', form);
  const types = useKpiTypes();
  const years = useKpiYears();
  const save = useSaveKpi();
  const yearly = typeId === KPI_TYPE.yearly;
  const year = years.data?.find((y) => y.id === yearId);
  // Earlier sheets to copy from: the own ones, or the chosen report's.
  const earlier = useKpiList(
    team && employeeId
      ? { list_type: 'team', employee_id: employeeId, limit: 50, sort: 'from,desc' }
      : { list_type: 'self', limit: 50, sort: 'from,desc' },
  );

  useEffect(() => {
    if (open) form.setFieldsValue({ ...initialValues(item) });
  }, [open, item, form]);

  const toBody = (v: Values): KpiBody => ({
    type_id: v.type_id!,
    year_id: yearly ? (v.year_id ?? null) : null,
    from: yearly ? null : (toApiDate(v.from) ?? null),
    to: yearly ? null : (toApiDate(v.to) ?? null),
    name: yearly ? null : v.name?.trim() || null,
    employee_id: !item && team ? (v.employee_id ?? null) : null,
  });

  const onFinish = (v: Values, allowOverlap = false) => {
    const body = { ...toBody(v), ...(allowOverlap ? { allow_overlap: true } : {}) };
    save.mutate(
      { id: item?.id, copyOf: item ? undefined : v.copy_of, body },
      {
        onSuccess: (sheet) => {
          toastSuccess(
            t(item ? 'notices.updated' : 'notices.saved', {
              defaultValue: item ? NOTICES.updated : NOTICES.saved,
            }),
          );
          onClose();
          if (!item) setTimeout(() => navigate(`/kpi/${sheet.id}`), OPEN_AFTER_MS);
        },
        onError: async (error) => {
          // Another sheet covers part of these days: the writer decides (the dashboard shows the newest only).
          if (error instanceof ApiError && error.body?.error === 'kpi_period_overlap') {
            const go = await confirmDialog({
              title: t('kpi.form.overlapTitle'),
              content: serverErrorText(error),
              okText: t('kpi.form.saveAnyway'),
            });
            if (go) onFinish(v, true);
            return;
          }
          applyServerErrors(form, error);
        },
      },
    );
  };

  const half = { flex: 1, minWidth: 150 };
  return (
    <Modal
      open={open}
      title={item ? t('kpi.form.editTitle') : t('kpi.form.createTitle')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
      destroyOnHidden
      width={560}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={onFinish}
        initialValues={initialValues(item)}
        preserve={false}
      >
        {!item && team ? (
          <Form.Item name="employee_id" label={t('kpi.form.employee')} extra={t('kpi.form.employeeHint')}>
            <ReportSelect value={employeeId} onChange={(v) => form.setFieldValue('employee_id', v)} />
          </Form.Item>
        ) : null}
        <Form.Item name="type_id" label={t('kpi.form.type')} rules={rules('type_id')} required>
          <Select
            options={(types.data ?? []).map((ty) => ({ value: ty.id, label: typeName('kpi', ty) }))}
            loading={types.isPending}
            placeholder={t('kpi.form.typePlaceholder')}
          />
        </Form.Item>
        {yearly ? (
          <>
            <Form.Item name="year_id" label={t('kpi.form.year')} rules={rules('year_id')} required>
              <Select
                options={(years.data ?? []).map((y) => ({ value: y.id, label: y.name }))}
                loading={years.isPending}
                placeholder={t('kpi.form.yearPlaceholder')}
              />
            </Form.Item>
            <Flex gap={12} wrap>
              <Form.Item label={t('kpi.form.from')} style={half}>
                <DatePicker
                  disabled
                  format={DATE_FORMAT}
                  value={year ? dayjs(year.from_date) : null}
                  style={{ width: '100%' }}
                  aria-label={t('kpi.form.from')}
                />
              </Form.Item>
              <Form.Item label={t('kpi.form.to')} style={half}>
                <DatePicker
                  disabled
                  format={DATE_FORMAT}
                  value={year ? dayjs(year.to_date) : null}
                  style={{ width: '100%' }}
                  aria-label={t('kpi.form.to')}
                />
              </Form.Item>
            </Flex>
          </>
        ) : typeId !== undefined ? (
          <>
            <Form.Item
              name="name"
              label={t('kpi.form.name')}
              extra={t('kpi.form.nameHint')}
              rules={rules('name')}
            >
              <Input maxLength={KPI_SHEET_NAME_MAX} />
            </Form.Item>
            <Flex gap={12} wrap>
              <Form.Item name="from" label={t('kpi.form.from')} rules={rules('from')} required style={half}>
                <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} />
              </Form.Item>
              <Form.Item name="to" label={t('kpi.form.to')} rules={rules('to')} required style={half}>
                <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} />
              </Form.Item>
            </Flex>
          </>
        ) : null}
        {!item ? (
          <Form.Item name="copy_of" label={t('kpi.form.copyFrom')} extra={t('kpi.form.copyHint')}>
            <Select
              allowClear
              placeholder={t('kpi.form.copyPlaceholder')}
              options={(earlier.data?.items ?? [])
                .filter((s) => !team || s.employee.id === employeeId)
                .map((s) => ({ value: s.id, label: s.name }))}
            />
          </Form.Item>
        ) : null}
      </Form>
    </Modal>
  );
}

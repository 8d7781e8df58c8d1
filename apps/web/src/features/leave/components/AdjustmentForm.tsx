import { ADJUSTMENT_REASON_MAX, adjustmentBody, type Ledger } from '@hr/contracts/leave-policies';
import { DATE_FORMAT } from '@hr/contracts/limits';
import { Button, Card, ConfigProvider, DatePicker, Flex, Form, Input, InputNumber, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { applyServerErrors, keepEnterInPickers, zodRules } from '../../../lib/forms';
import { useAddAdjustment } from '../api';

interface AdjustmentValues {
  days?: number | null;
  reason?: string;
  date?: Dayjs | null;
}

/** The date picker's calendar opens inside the ledger's dialog: the page behind it is out of reach. */
const inDialog = (trigger?: HTMLElement) => trigger?.closest('dialog') ?? document.body;

/**
 * Escape closes an open calendar only, not the ledger's dialog around the form
 * (the dialog closes on an Escape whose key press went on unhandled).
 */
function keepEscapeInPickers(event: KeyboardEvent<HTMLFormElement>) {
  keepEnterInPickers(event);
  if (event.key !== 'Escape') return;
  // The calendar opens in the dialog (inDialog), beside the form rather than inside it.
  const scope = event.currentTarget.closest('dialog') ?? document;
  const open = scope.querySelector('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)');
  if (open) event.preventDefault();
}

/**
 * HR's correction of a balance: days (quarter days, either way), the reason,
 * and the day it counts from. Drawn with Ant Design: the ledger loads it with
 * its frame when HR first adds one. `onDone(true)`: it was saved.
 */
export function AdjustmentForm({ ledger, onDone }: { ledger: Ledger; onDone: (saved: boolean) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<AdjustmentValues>();
  const add = useAddAdjustment();
  const toBody = (v: AdjustmentValues) => ({
    employee_id: ledger.employee_id,
    type_id: ledger.type.id,
    days: v.days ?? undefined,
    reason: v.reason ?? '',
    date: v.date?.format('YYYY-MM-DD'),
  });
  const rules = zodRules(z.preprocess((v) => toBody(v as AdjustmentValues), adjustmentBody));
  const save = async () => {
    let values: AdjustmentValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    try {
      await add.mutateAsync(adjustmentBody.parse(toBody(values)));
      onDone(true);
    } catch (error) {
      applyServerErrors(form, error);
    }
  };
  return (
    <ConfigProvider getPopupContainer={inDialog}>
      <Card size="small" title={t('leavePolicies.adjustment.title', { type: ledger.type.name })}>
        <Form<AdjustmentValues>
          form={form}
          name="adjustment"
          aria-label={t('leavePolicies.adjustment.title', { type: ledger.type.name })}
          layout="vertical"
          requiredMark="optional"
          initialValues={{ date: dayjs() }}
          onFinish={save}
          onKeyDownCapture={keepEscapeInPickers}
        >
          <Flex gap={12} wrap>
            <Form.Item
              name="days"
              label={t('leavePolicies.adjustment.days')}
              rules={rules('days')}
              required
              extra={t('leavePolicies.adjustment.daysHelp')}
              style={{ flex: '1 1 160px' }}
            >
              <InputNumber min={-366} max={366} step={0.25} style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item
              name="date"
              label={t('leavePolicies.adjustment.date')}
              rules={rules('date')}
              style={{ flex: '1 1 160px' }}
            >
              <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} />
            </Form.Item>
          </Flex>
          <Form.Item
            name="reason"
            label={t('leavePolicies.adjustment.reason')}
            rules={rules('reason')}
            required
            extra={t('leavePolicies.adjustment.reasonHelp')}
          >
            <Input.TextArea rows={3} showCount count={{ max: ADJUSTMENT_REASON_MAX }} />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" loading={add.isPending}>
              {t('common.save')}
            </Button>
            <Button onClick={() => onDone(false)}>{t('common.cancel')}</Button>
          </Space>
        </Form>
      </Card>
    </ConfigProvider>
  );
}

import type { FormRule } from 'antd';
import { DatePicker, Flex, Form } from 'antd';
import type { ReactNode } from 'react';
import { DATE_FORMAT } from '../../lib/dates';
import { dateAgainst } from '../../lib/forms';

const half = { flex: 1, minWidth: 150 };

/**
 * A form's period: `from_date` and `to_date` side by side (DD-MM-YYYY), each
 * with its own rules, the end refused before the start with `toBeforeFrom`.
 * Items that belong on the same line (a deadline) come as children.
 */
export function PeriodFields({
  labels,
  rules,
  toBeforeFrom,
  disabled,
  children,
}: {
  labels: { from: string; to: string };
  rules: (field: 'from_date' | 'to_date') => FormRule[];
  toBeforeFrom: string;
  disabled?: boolean;
  children?: ReactNode;
}) {
  const picker = (
    <DatePicker
      format={DATE_FORMAT}
      disabled={disabled}
      style={{ width: '100%' }}
      placeholder={DATE_FORMAT}
    />
  );
  return (
    <Flex gap={12} wrap>
      <Form.Item name="from_date" label={labels.from} rules={rules('from_date')} required style={half}>
        {picker}
      </Form.Item>
      <Form.Item
        name="to_date"
        label={labels.to}
        dependencies={['from_date']}
        rules={[
          ...rules('to_date'),
          dateAgainst('from_date', (to, from) => to.isBefore(from, 'day'), toBeforeFrom),
        ]}
        required
        style={half}
      >
        {picker}
      </Form.Item>
      {children}
    </Flex>
  );
}

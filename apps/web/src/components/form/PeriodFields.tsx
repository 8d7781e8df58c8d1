import type { ReactNode } from 'react';
import { z } from 'zod';
import type { FieldBinding } from '../../lib/use-form';
import { DateField } from '../plain/DateField';
import { Field } from '../plain/Field';

type Day = string | undefined;

/**
 * A form's period: the first and the last day side by side (DD-MM-YYYY
 * typed or picked, YYYY-MM-DD the values), both required; the last day
 * cannot be picked before the first. Items that belong on the same line (a
 * deadline) come as children.
 */
export function PeriodFields({
  labels,
  from,
  to,
  disabled,
  help,
  children,
}: {
  labels: { from: string; to: string };
  from: FieldBinding<Day>;
  to: FieldBinding<Day>;
  disabled?: boolean;
  /** A word under both (where the days come from). */
  help?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <>
      <div className="plain-form-row">
        <Field label={labels.from} field={from} required>
          {(props) => <DateField {...props} disabled={disabled} />}
        </Field>
        <Field label={labels.to} field={to} required>
          {(props) => <DateField {...props} disabled={disabled} min={from.value} />}
        </Field>
        {children}
      </div>
      {help ? <div className="plain-field__help plain-period__help">{help}</div> : null}
    </>
  );
}

/**
 * A form schema that also refuses a last day (`to`) before the first (`from`),
 * with `message`, under the last day's field: the period's rule where the
 * contract's form schema leaves it to the server. It is checked beside the
 * schema's own rules, so it shows even while another field is still missing.
 */
export function withPeriodOrder(schema: z.ZodType, message: string, from = 'from_date', to = 'to_date') {
  const order = z.looseObject({}).superRefine((v, ctx) => {
    const first = v[from];
    const last = v[to];
    if (typeof first === 'string' && typeof last === 'string' && first !== '' && last < first)
      ctx.addIssue({ code: 'custom', path: [to], message });
  });
  return z.intersection(schema, order);
}

import { useState } from 'react';
import type { z } from 'zod';
import { fieldMessage } from '../../lib/forms';

/**
 * A form's schema of packages/contracts, loaded (and zod with it) at the
 * form's first check rather than with its page: the page's first load stays light.
 */
export function lazySchema(load: () => Promise<z.ZodType>): () => Promise<z.ZodType> {
  let schema: Promise<z.ZodType> | undefined;
  return () => {
    schema ??= load();
    return schema;
  };
}

/**
 * The checks of a plain form's fields against its shared schema, with the
 * exact messages of SPEC.md §5: a field is checked when it loses the focus,
 * all of them on submit, and a field shown wrong again as it is corrected.
 */
export function useFieldChecks<F extends string>(schema: () => Promise<z.ZodType>) {
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});

  /** Checks one field of the form's values; true when it is right. */
  const check = async (field: F, values: object): Promise<boolean> => {
    const message = fieldMessage(await schema(), field, values);
    setErrors((was) => ({ ...was, [field]: message ?? undefined }));
    return message === null;
  };

  /** Checks every field; the first wrong one (to put the focus in), or null when all are right. */
  const checkAll = async (fields: readonly F[], values: object): Promise<F | null> => {
    const valid = await Promise.all(fields.map((field) => check(field, values)));
    return fields.find((_, i) => !valid[i]) ?? null;
  };

  /** After a change: each field shown wrong is checked again (a confirmation follows its password). */
  const recheck = (values: object) => {
    for (const field of Object.keys(errors) as F[]) if (errors[field]) void check(field, values);
  };

  return { errors, setErrors, check, checkAll, recheck };
}

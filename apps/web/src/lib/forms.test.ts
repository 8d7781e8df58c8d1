import { newPasswordForm } from '@hr/contracts/auth';
import { MESSAGES } from '@hr/contracts/messages';
import type { FormInstance } from 'antd';
import { describe, expect, it } from 'vitest';
import { zodRule } from './forms';

type RuleFn = (form: Pick<FormInstance, 'getFieldsValue'>) => { validator: () => Promise<void> };

async function check(field: string, values: Record<string, unknown>): Promise<string | null> {
  const rule = zodRule(newPasswordForm, field) as unknown as RuleFn;
  const { validator } = rule({ getFieldsValue: (() => values) as FormInstance['getFieldsValue'] });
  try {
    await validator();
    return null;
  } catch (err) {
    return (err as Error).message;
  }
}

describe('zodRule', () => {
  it('reports the first message of the field only', async () => {
    expect(await check('password', { password: '123', confirm: '' })).toBe(MESSAGES.passwordLength);
    expect(await check('confirm', { password: '123', confirm: '' })).toBe(MESSAGES.confirmRequired);
    expect(await check('password', { password: '123456', confirm: '' })).toBeNull();
  });

  it('reports cross-field rules on their field', async () => {
    expect(await check('confirm', { password: '123456', confirm: '654321' })).toBe(
      MESSAGES.passwordsMismatch,
    );
    expect(await check('confirm', { password: '123456', confirm: '123456' })).toBeNull();
  });
});

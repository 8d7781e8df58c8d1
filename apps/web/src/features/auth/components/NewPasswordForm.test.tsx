import { MESSAGES } from '@hr/contracts/messages';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/http';
import { NewPasswordForm } from './NewPasswordForm';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root;
let host: HTMLDivElement;
let saved: string[];
let changed: number;

async function render(error: unknown = null) {
  await act(async () =>
    root.render(
      <NewPasswordForm
        id="test"
        busy={false}
        error={error}
        onChange={() => {
          changed += 1;
        }}
        onSave={(password) => saved.push(password)}
      />,
    ),
  );
}

const input = (name: 'password' | 'confirm') => document.getElementById(`test-${name}`) as HTMLInputElement;
const errorOf = (name: 'password' | 'confirm') =>
  document.getElementById(`test-${name}-error`)?.textContent ?? null;
const notice = () => host.querySelector('.plain-alert [class="plain-alert__title"]')?.textContent ?? null;

async function type(name: 'password' | 'confirm', text: string) {
  await act(async () => {
    const field = input(name);
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(field, text);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

async function submit() {
  await act(async () => {
    host.querySelector('form')?.requestSubmit();
    // The check awaits the schema (loaded in beforeAll, so at hand).
    await new Promise((resolve) => setTimeout(resolve, 20));
  });
}

beforeAll(async () => {
  await import('@hr/contracts/auth');
});
beforeEach(() => {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  saved = [];
  changed = 0;
});
afterEach(async () => {
  await act(async () => root.unmount());
  host.remove();
});

describe('NewPasswordForm', () => {
  it('says what is wrong under each field on submit, with the exact messages, and saves nothing', async () => {
    await render();
    await submit();
    expect(errorOf('password')).toBe(MESSAGES.passwordRequired);
    expect(errorOf('confirm')).toBe(MESSAGES.confirmRequired);
    expect(input('password').getAttribute('aria-invalid')).toBe('true');
    expect(input('password').getAttribute('aria-describedby')).toBe('test-password-error');
    expect(document.activeElement).toBe(input('password'));
    expect(saved).toEqual([]);
  });

  it('follows the password with its confirmation as they are corrected, then saves', async () => {
    await render();
    await type('password', 'fresh-pass1');
    await type('confirm', 'something-else');
    await submit();
    expect(errorOf('password')).toBeNull();
    expect(errorOf('confirm')).toBe(MESSAGES.passwordsMismatch);
    await type('confirm', 'fresh-pass1');
    expect(errorOf('confirm')).toBeNull();
    await submit();
    expect(saved).toEqual(['fresh-pass1']);
  });

  it("puts the server's words about the password under it, and others above the form", async () => {
    const refused = new ApiError(422, 'validation error when creating an object', {
      code: 422,
      message: 'Validation Failed',
      error: 'validation_failed',
      errors: { children: { plain_password: { errors: [MESSAGES.passwordLength] } } },
    });
    await render(refused);
    expect(errorOf('password')).toBe(MESSAGES.passwordLength);
    expect(notice()).toBeNull();
    await type('password', 'another-one');
    expect(changed).toBe(1);

    const expired = new ApiError(400, 'The reset link is invalid, has expired or has already been used.', {
      code: 400,
      error: 'reset_link_invalid',
      message: 'The reset link is invalid, has expired or has already been used.',
    });
    await render(expired);
    expect(notice()).toBe('The reset link is invalid, has expired or has already been used.');
  });
});

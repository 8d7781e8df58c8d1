import { describe, expect, it } from 'vitest';
import { loginRequest, newPasswordForm, otpReset } from './auth';
import { MESSAGES } from './messages';

const messages = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('auth schemas', () => {
  it('sign-in: E-ID and password required with the SPEC.md texts', () => {
    expect(messages(loginRequest.safeParse({}))).toEqual({
      username: MESSAGES.eidInvalid,
      password: MESSAGES.passwordRequiredSignIn,
    });
    expect(messages(loginRequest.safeParse({ username: '  ', password: '' }))).toEqual({
      username: MESSAGES.eidInvalid,
      password: MESSAGES.passwordRequiredSignIn,
    });
    expect(loginRequest.safeParse({ username: ' 1004 ', password: 'x', app_id: 3 })).toMatchObject({
      success: true,
      data: { username: '1004' },
    });
  });

  it('code reset: the OTP is 4 characters, a number is padded, the password is 6 to 20', () => {
    expect(otpReset.parse({ eid: '1', otp: 123, password: 'abcdef' }).otp).toBe('0123');
    expect(messages(otpReset.safeParse({ eid: '1', otp: '12345', password: 'abcde' }))).toEqual({
      otp: MESSAGES.otpLength,
      password: MESSAGES.passwordLength,
    });
    expect(messages(otpReset.safeParse({ eid: '1', otp: '', password: '' }))).toEqual({
      otp: MESSAGES.otpRequired,
      password: MESSAGES.passwordRequired,
    });
  });

  it('new password form: confirmation required and equal', () => {
    expect(messages(newPasswordForm.safeParse({ password: 'abcdef', confirm: '' }))).toEqual({
      confirm: MESSAGES.confirmRequired,
    });
    expect(messages(newPasswordForm.safeParse({ password: 'abcdef', confirm: 'abcdeg' }))).toEqual({
      confirm: MESSAGES.passwordsMismatch,
    });
    expect(newPasswordForm.safeParse({ password: 'abcdef', confirm: 'abcdef' }).success).toBe(true);
  });
});

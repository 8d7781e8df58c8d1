import type { SessionUser } from '@hr/contracts/auth';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type EndReason,
  endSession,
  getSession,
  lastEndReason,
  onSessionEnd,
  resumeStoredSession,
  startSession,
  takeUntoldEnd,
} from './session';

const user = (expiresInMs: number): SessionUser => ({
  token: 'T'.repeat(43),
  username: '1004',
  employee_id: 4,
  expiry: Date.now() + expiresInMs,
  expires_in: expiresInMs,
});

afterEach(() => {
  endSession('logout');
  vi.useRealTimers();
});

describe('session store', () => {
  it('remember me keeps the user in local storage, otherwise in this tab', () => {
    startSession(user(60_000), true);
    expect(localStorage.getItem('hr.session')).not.toBeNull();
    startSession(user(60_000), false);
    expect(sessionStorage.getItem('hr.session')).not.toBeNull();
    expect(getSession()?.username).toBe('1004');
  });

  it('logout removes the stored user and tells the listeners why', () => {
    const reasons: EndReason[] = [];
    const off = onSessionEnd((r) => reasons.push(r));
    startSession(user(60_000), true);
    endSession('unauthorized');
    off();
    expect(getSession()).toBeNull();
    expect(localStorage.getItem('hr.session')).toBeNull();
    expect(reasons).toEqual(['unauthorized']);
  });

  it('remembers why the last session ended until the next one starts', () => {
    startSession(user(60_000), true);
    expect(lastEndReason()).toBeNull();
    endSession('logout');
    expect(lastEndReason()).toBe('logout');
    // Ending again without a session changes nothing.
    endSession('unauthorized');
    expect(lastEndReason()).toBe('logout');
    startSession(user(60_000), true);
    endSession('expired');
    expect(lastEndReason()).toBe('expired');
    startSession(user(60_000), true);
    expect(lastEndReason()).toBeNull();
  });

  it('ends by itself at the expiry', () => {
    vi.useFakeTimers();
    const reasons: EndReason[] = [];
    const off = onSessionEnd((r) => reasons.push(r));
    startSession(user(79_200_000), true);
    vi.advanceTimersByTime(79_199_000);
    expect(getSession()).not.toBeNull();
    vi.advanceTimersByTime(2_000);
    off();
    expect(getSession()).toBeNull();
    expect(reasons).toEqual(['expired']);
  });

  it("stopping an impersonation resumes the administrator's session kept in local storage", () => {
    const admin: SessionUser = { ...user(60_000), token: 'A'.repeat(43), username: '1001', employee_id: 1 };
    const asEmployee: SessionUser = { ...user(60_000), impersonated_by: '1001' };
    startSession(admin, true);
    // The impersonation tab keeps its user in session storage (the administrator stays signed in elsewhere).
    startSession(asEmployee, false);
    localStorage.setItem('hr.session', JSON.stringify(admin));
    expect(getSession()?.impersonated_by).toBe('1001');

    const reasons: EndReason[] = [];
    const off = onSessionEnd((r) => reasons.push(r));
    expect(resumeStoredSession()).toBe(true);
    off();
    expect(getSession()).toMatchObject({ username: '1001', token: admin.token });
    expect(sessionStorage.getItem('hr.session')).toBeNull();
    expect(reasons).toEqual([]);
    expect(lastEndReason()).toBeNull();
  });

  it('stopping an impersonation without a stored session of the administrator signs out', () => {
    startSession({ ...user(60_000), impersonated_by: '1001' }, false);
    expect(resumeStoredSession()).toBe(false);
    expect(getSession()).toBeNull();
    expect(lastEndReason()).toBe('logout');
  });

  it('keeps an expiry or 401 to tell once, for an app not yet drawn when it came; a logout is not told', () => {
    startSession(user(60_000));
    endSession('unauthorized');
    expect(takeUntoldEnd()).toBe('unauthorized');
    expect(takeUntoldEnd()).toBeNull();
    startSession(user(60_000));
    endSession('logout');
    expect(takeUntoldEnd()).toBeNull();
    // A new session forgets an end not told.
    startSession(user(60_000));
    endSession('expired');
    startSession(user(60_000));
    expect(takeUntoldEnd()).toBeNull();
  });
});

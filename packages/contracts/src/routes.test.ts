import { describe, expect, it } from 'vitest';
import { isAppRoute, isSignedInRoute, ROUTES, routePath } from './routes';

describe('routes', () => {
  it('matches the routes of SPEC.md §2 exactly', () => {
    for (const path of [
      '/signin',
      '/forgotpassword',
      '/resetpassword/abc',
      '/',
      '/impersonate',
      '/profile',
      '/profile/12',
      '/team',
      '/kpi',
      '/kpi/3',
      '/epr',
      '/epr/4',
      '/leave',
      '/leave/calendar',
      '/remote-work',
      '/hr-services',
      '/hr-services/9',
      '/attendance',
    ]) {
      expect(isAppRoute(path), path).toBe(true);
    }
    for (const path of ['/leave/extra', '/profile/1/2', '/signin/x', '/nothing', '/kpi/']) {
      expect(isAppRoute(path), path).toBe(false);
    }
  });

  it('tells the signed-in shell’s routes from sign-in, recovery, the root and unknown paths', () => {
    for (const path of ['/dashboard', '/profile', '/profile/3', '/kpi/7', '/epr/calibration', '/admin/kpi']) {
      expect(isSignedInRoute(path), path).toBe(true);
    }
    for (const path of [
      '/signin',
      '/forgotpassword',
      '/resetpassword/abc',
      '/impersonate',
      '/',
      '/nothing',
      '/kpi/',
    ]) {
      expect(isSignedInRoute(path), path).toBe(false);
    }
  });

  it('fills parameters', () => {
    expect(routePath(ROUTES.kpiDetail, { kpiId: 7 })).toBe('/kpi/7');
    expect(routePath(ROUTES.resetPassword, { token: 'a b' })).toBe('/resetpassword/a%20b');
  });
});

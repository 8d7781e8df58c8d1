import { isAppRoute } from '@hr/contracts/routes';
import { describe, expect, it } from 'vitest';
import { NAV, type NavItem, navParents, selectedNavKey } from './nav';

const entries = (items: NavItem[]): NavItem[] =>
  items.flatMap((i) => (i.children ? entries(i.children) : [i]));
const admin = NAV.find((i) => i.key === 'admin')!;

describe('the sidebar', () => {
  it('leads only to the app’s routes, each entry once', () => {
    const all = entries(NAV);
    for (const item of all) expect(isAppRoute(item.path ?? ''), item.key).toBe(true);
    expect(new Set(all.map((i) => i.path)).size).toBe(all.length);
    expect(new Set(all.map((i) => i.key)).size).toBe(all.length);
  });

  it('groups the administration under headings, every group with entries and every entry an icon', () => {
    const groups = admin.children ?? [];
    expect(groups.map((g) => g.label)).toEqual([
      'reference.nav.organisation',
      'reference.nav.people',
      'reference.nav.timeAndLeave',
      'reference.nav.performance',
      'reference.nav.servicesAndPay',
    ]);
    for (const g of groups) {
      expect(g.group, g.key).toBe(true);
      expect(g.children?.length, g.key).toBeGreaterThan(0);
      for (const item of g.children ?? []) expect(item.icon, item.key).toBeTruthy();
    }
    expect(entries([admin]).map((i) => i.path)).toEqual(
      expect.arrayContaining([
        '/admin/hr-services',
        '/admin/remote-work-types',
        '/admin/epr-values',
        '/admin/groups',
        '/admin/designations',
        '/admin/levels-grades',
        '/admin/employee-import',
        '/admin/exams',
        '/admin/development-areas',
        '/admin/pay-schedules',
        '/admin/leave-policies',
      ]),
    );
  });

  it('selects the entry of the address and opens the submenu that holds it (not its group)', () => {
    expect(selectedNavKey('/admin/epr-values')).toBe('admin-epr-values');
    expect(navParents('admin-epr-values')).toEqual(['admin']);
    expect(navParents(selectedNavKey('/admin/hr-services'))).toEqual(['admin']);
    expect(selectedNavKey('/epr/12')).toBe('epr');
    expect(navParents('epr')).toEqual([]);
    expect(navParents(selectedNavKey('/nowhere'))).toEqual([]);
  });
});

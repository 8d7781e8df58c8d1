import {
  AimOutlined,
  ApartmentOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BankOutlined,
  BulbOutlined,
  CalendarOutlined,
  CarryOutOutlined,
  ClockCircleOutlined,
  DashboardOutlined,
  EnvironmentOutlined,
  FieldTimeOutlined,
  FileProtectOutlined,
  FileTextOutlined,
  GlobalOutlined,
  HomeOutlined,
  IdcardOutlined,
  ImportOutlined,
  LaptopOutlined,
  ReadOutlined,
  RiseOutlined,
  ScanOutlined,
  ScheduleOutlined,
  SettingOutlined,
  SolutionOutlined,
  StarOutlined,
  TableOutlined,
  TeamOutlined,
  UserOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

export interface NavItem {
  key: string;
  path?: string;
  /** i18n key of the label. */
  label: string;
  /** Every entry has one; a group's heading has none. */
  icon?: ReactNode;
  adminOnly?: boolean;
  /** A heading over its children inside a submenu, not a submenu of its own. */
  group?: boolean;
  children?: NavItem[];
}

/** The sidebar (SPEC.md §2): every route except impersonate and the detail pages, plus the screens it names. */
export const NAV: NavItem[] = [
  { key: 'dashboard', path: '/dashboard', label: 'nav.dashboard', icon: <DashboardOutlined /> },
  { key: 'profile', path: '/profile', label: 'nav.profile', icon: <UserOutlined /> },
  { key: 'team', path: '/team', label: 'nav.team', icon: <TeamOutlined /> },
  { key: 'kpi', path: '/kpi', label: 'nav.kpi', icon: <AimOutlined /> },
  { key: 'epr', path: '/epr', label: 'nav.epr', icon: <AuditOutlined /> },
  // O&Os reach the grid from the EPR list (the sidebar knows only the admin flag).
  {
    key: 'epr-calibration',
    path: '/epr/calibration',
    label: 'eprCalibration.nav',
    icon: <TableOutlined />,
    adminOnly: true,
  },
  { key: 'leave', path: '/leave', label: 'nav.leave', icon: <CalendarOutlined /> },
  { key: 'remote-work', path: '/remote-work', label: 'nav.remoteWork', icon: <HomeOutlined /> },
  { key: 'hr-services', path: '/hr-services', label: 'nav.hrServices', icon: <FileProtectOutlined /> },
  { key: 'attendance', path: '/attendance', label: 'nav.attendance', icon: <ClockCircleOutlined /> },
  { key: 'employees', path: '/employees', label: 'nav.employee', icon: <IdcardOutlined />, adminOnly: true },
  {
    key: 'admin',
    label: 'nav.administration',
    icon: <SettingOutlined />,
    adminOnly: true,
    // Headed groups keep the long list readable; one submenu, so every screen is one click away.
    children: [
      {
        key: 'admin-group-organisation',
        group: true,
        label: 'reference.nav.organisation',
        children: [
          { key: 'admin-companies', path: '/admin/companies', label: 'nav.company', icon: <BankOutlined /> },
          {
            key: 'admin-offices',
            path: '/admin/offices',
            label: 'nav.office',
            icon: <EnvironmentOutlined />,
          },
          {
            key: 'admin-groups',
            path: '/admin/groups',
            label: 'reference.nav.groups',
            icon: <ApartmentOutlined />,
          },
          {
            key: 'admin-designations',
            path: '/admin/designations',
            label: 'reference.nav.designations',
            icon: <SolutionOutlined />,
          },
          {
            key: 'admin-levels-grades',
            path: '/admin/levels-grades',
            label: 'reference.nav.levelsGrades',
            icon: <RiseOutlined />,
          },
          {
            key: 'admin-employee-import',
            path: '/admin/employee-import',
            label: 'reference.nav.employeeImport',
            icon: <ImportOutlined className="flip-rtl" />,
          },
        ],
      },
      {
        key: 'admin-group-people',
        group: true,
        label: 'reference.nav.people',
        children: [
          { key: 'admin-assets', path: '/admin/assets', label: 'nav.asset', icon: <LaptopOutlined /> },
          { key: 'admin-exams', path: '/admin/exams', label: 'reference.nav.exams', icon: <ReadOutlined /> },
          {
            key: 'admin-development-areas',
            path: '/admin/development-areas',
            label: 'reference.nav.developmentAreas',
            icon: <BulbOutlined />,
          },
        ],
      },
      {
        key: 'admin-group-time',
        group: true,
        label: 'reference.nav.timeAndLeave',
        children: [
          {
            key: 'admin-leave-types',
            path: '/admin/leave-types',
            label: 'nav.leaveTypes',
            icon: <CarryOutOutlined />,
          },
          {
            key: 'admin-holidays',
            path: '/admin/holidays',
            label: 'nav.holidays',
            icon: <AppstoreOutlined />,
          },
          { key: 'admin-shifts', path: '/admin/shifts', label: 'shifts.nav', icon: <FieldTimeOutlined /> },
          {
            key: 'admin-attendance',
            path: '/admin/attendance',
            label: 'attendanceAdmin.nav',
            icon: <ScanOutlined />,
          },
          {
            key: 'admin-remote-work-types',
            path: '/admin/remote-work-types',
            label: 'reference.nav.remoteWorkTypes',
            icon: <GlobalOutlined />,
          },
        ],
      },
      {
        key: 'admin-group-performance',
        group: true,
        label: 'reference.nav.performance',
        children: [
          { key: 'admin-kpi', path: '/admin/kpi', label: 'nav.kpiSettings', icon: <AimOutlined /> },
          {
            key: 'admin-epr-values',
            path: '/admin/epr-values',
            label: 'reference.nav.eprValues',
            icon: <StarOutlined />,
          },
          {
            key: 'admin-review-cycles',
            path: '/admin/review-cycles',
            label: 'eprCycles.nav',
            icon: <ScheduleOutlined />,
          },
        ],
      },
      {
        key: 'admin-group-services',
        group: true,
        label: 'reference.nav.servicesAndPay',
        children: [
          {
            key: 'admin-hr-services',
            path: '/admin/hr-services',
            label: 'reference.nav.hrServices',
            icon: <FileTextOutlined />,
          },
          {
            key: 'admin-pay-schedules',
            path: '/admin/pay-schedules',
            label: 'reference.nav.paySchedules',
            icon: <WalletOutlined />,
          },
        ],
      },
    ],
  },
];

/** The nav entry whose path is the longest prefix of the location. */
export function selectedNavKey(pathname: string, items: NavItem[] = NAV): string | undefined {
  let best: { key: string; len: number } | undefined;
  const walk = (list: NavItem[]) => {
    for (const item of list) {
      if (item.path && (pathname === item.path || pathname.startsWith(`${item.path}/`))) {
        if (!best || item.path.length > best.len) best = { key: item.key, len: item.path.length };
      }
      if (item.children) walk(item.children);
    }
  };
  walk(items);
  return best?.key;
}

/** The keys of the submenus (groups left out) from the top down to the entry of `key`; null when none has it. */
function pathTo(key: string, items: NavItem[]): string[] | null {
  for (const item of items) {
    if (item.key === key) return [];
    const below = item.children ? pathTo(key, item.children) : null;
    if (below) return item.group ? below : [item.key, ...below];
  }
  return null;
}

/** The submenus that hold the entry of this key: open while its page is shown. */
export function navParents(key: string | undefined, items: NavItem[] = NAV): string[] {
  return key ? (pathTo(key, items) ?? []) : [];
}

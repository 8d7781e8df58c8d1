import {
  AimOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BankOutlined,
  CalendarOutlined,
  CarryOutOutlined,
  ClockCircleOutlined,
  DashboardOutlined,
  EnvironmentOutlined,
  FieldTimeOutlined,
  FileProtectOutlined,
  HomeOutlined,
  IdcardOutlined,
  LaptopOutlined,
  ScanOutlined,
  ScheduleOutlined,
  SettingOutlined,
  TableOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

export interface NavItem {
  key: string;
  path?: string;
  /** i18n key of the label. */
  label: string;
  icon: ReactNode;
  adminOnly?: boolean;
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
    children: [
      { key: 'admin-assets', path: '/admin/assets', label: 'nav.asset', icon: <LaptopOutlined /> },
      { key: 'admin-companies', path: '/admin/companies', label: 'nav.company', icon: <BankOutlined /> },
      { key: 'admin-offices', path: '/admin/offices', label: 'nav.office', icon: <EnvironmentOutlined /> },
      {
        key: 'admin-leave-types',
        path: '/admin/leave-types',
        label: 'nav.leaveTypes',
        icon: <CarryOutOutlined />,
      },
      { key: 'admin-holidays', path: '/admin/holidays', label: 'nav.holidays', icon: <AppstoreOutlined /> },
      { key: 'admin-shifts', path: '/admin/shifts', label: 'shifts.nav', icon: <FieldTimeOutlined /> },
      {
        key: 'admin-attendance',
        path: '/admin/attendance',
        label: 'attendanceAdmin.nav',
        icon: <ScanOutlined />,
      },
      { key: 'admin-kpi', path: '/admin/kpi', label: 'nav.kpiSettings', icon: <AimOutlined /> },
      {
        key: 'admin-review-cycles',
        path: '/admin/review-cycles',
        label: 'eprCycles.nav',
        icon: <ScheduleOutlined />,
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

import AimOutlined from '@ant-design/icons-svg/es/asn/AimOutlined';
import ApartmentOutlined from '@ant-design/icons-svg/es/asn/ApartmentOutlined';
import AppstoreOutlined from '@ant-design/icons-svg/es/asn/AppstoreOutlined';
import AuditOutlined from '@ant-design/icons-svg/es/asn/AuditOutlined';
import BankOutlined from '@ant-design/icons-svg/es/asn/BankOutlined';
import BellOutlined from '@ant-design/icons-svg/es/asn/BellOutlined';
import BulbOutlined from '@ant-design/icons-svg/es/asn/BulbOutlined';
import CalendarOutlined from '@ant-design/icons-svg/es/asn/CalendarOutlined';
import CarryOutOutlined from '@ant-design/icons-svg/es/asn/CarryOutOutlined';
import CheckSquareOutlined from '@ant-design/icons-svg/es/asn/CheckSquareOutlined';
import ClearOutlined from '@ant-design/icons-svg/es/asn/ClearOutlined';
import ClockCircleOutlined from '@ant-design/icons-svg/es/asn/ClockCircleOutlined';
import DashboardOutlined from '@ant-design/icons-svg/es/asn/DashboardOutlined';
import EnvironmentOutlined from '@ant-design/icons-svg/es/asn/EnvironmentOutlined';
import FieldTimeOutlined from '@ant-design/icons-svg/es/asn/FieldTimeOutlined';
import FileProtectOutlined from '@ant-design/icons-svg/es/asn/FileProtectOutlined';
import FileSearchOutlined from '@ant-design/icons-svg/es/asn/FileSearchOutlined';
import FileTextOutlined from '@ant-design/icons-svg/es/asn/FileTextOutlined';
import GlobalOutlined from '@ant-design/icons-svg/es/asn/GlobalOutlined';
import HomeOutlined from '@ant-design/icons-svg/es/asn/HomeOutlined';
import IdcardOutlined from '@ant-design/icons-svg/es/asn/IdcardOutlined';
import ImportOutlined from '@ant-design/icons-svg/es/asn/ImportOutlined';
import LaptopOutlined from '@ant-design/icons-svg/es/asn/LaptopOutlined';
import ReadOutlined from '@ant-design/icons-svg/es/asn/ReadOutlined';
import ReconciliationOutlined from '@ant-design/icons-svg/es/asn/ReconciliationOutlined';
import RiseOutlined from '@ant-design/icons-svg/es/asn/RiseOutlined';
import ScanOutlined from '@ant-design/icons-svg/es/asn/ScanOutlined';
import ScheduleOutlined from '@ant-design/icons-svg/es/asn/ScheduleOutlined';
import SettingOutlined from '@ant-design/icons-svg/es/asn/SettingOutlined';
import SolutionOutlined from '@ant-design/icons-svg/es/asn/SolutionOutlined';
import StarOutlined from '@ant-design/icons-svg/es/asn/StarOutlined';
import TableOutlined from '@ant-design/icons-svg/es/asn/TableOutlined';
import TeamOutlined from '@ant-design/icons-svg/es/asn/TeamOutlined';
import UserOutlined from '@ant-design/icons-svg/es/asn/UserOutlined';
import WalletOutlined from '@ant-design/icons-svg/es/asn/WalletOutlined';
import type { ReactNode } from 'react';
import { PlainIcon } from '../../components/PlainIcon';

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
  {
    key: 'dashboard',
    path: '/dashboard',
    label: 'nav.dashboard',
    icon: <PlainIcon icon={DashboardOutlined} />,
  },
  {
    key: 'approvals',
    path: '/approvals',
    label: 'nav.approvals',
    icon: <PlainIcon icon={CheckSquareOutlined} />,
  },
  { key: 'profile', path: '/profile', label: 'nav.profile', icon: <PlainIcon icon={UserOutlined} /> },
  { key: 'team', path: '/team', label: 'nav.team', icon: <PlainIcon icon={TeamOutlined} /> },
  { key: 'kpi', path: '/kpi', label: 'nav.kpi', icon: <PlainIcon icon={AimOutlined} /> },
  { key: 'epr', path: '/epr', label: 'nav.epr', icon: <PlainIcon icon={AuditOutlined} /> },
  // O&Os reach the grid from the EPR list (the sidebar knows only the admin flag).
  {
    key: 'epr-calibration',
    path: '/epr/calibration',
    label: 'eprCalibration.nav',
    icon: <PlainIcon icon={TableOutlined} />,
    adminOnly: true,
  },
  { key: 'leave', path: '/leave', label: 'nav.leave', icon: <PlainIcon icon={CalendarOutlined} /> },
  {
    key: 'remote-work',
    path: '/remote-work',
    label: 'nav.remoteWork',
    icon: <PlainIcon icon={HomeOutlined} />,
  },
  {
    key: 'hr-services',
    path: '/hr-services',
    label: 'nav.hrServices',
    icon: <PlainIcon icon={FileProtectOutlined} />,
  },
  {
    key: 'attendance',
    path: '/attendance',
    label: 'nav.attendance',
    icon: <PlainIcon icon={ClockCircleOutlined} />,
  },
  {
    key: 'employees',
    path: '/employees',
    label: 'nav.employee',
    icon: <PlainIcon icon={IdcardOutlined} />,
    adminOnly: true,
  },
  {
    key: 'admin',
    label: 'nav.administration',
    icon: <PlainIcon icon={SettingOutlined} />,
    adminOnly: true,
    // Headed groups keep the long list readable; one submenu, so every screen is one click away.
    children: [
      {
        key: 'admin-group-organisation',
        group: true,
        label: 'reference.nav.organisation',
        children: [
          {
            key: 'admin-companies',
            path: '/admin/companies',
            label: 'nav.company',
            icon: <PlainIcon icon={BankOutlined} />,
          },
          {
            key: 'admin-offices',
            path: '/admin/offices',
            label: 'nav.office',
            icon: <PlainIcon icon={EnvironmentOutlined} />,
          },
          {
            key: 'admin-groups',
            path: '/admin/groups',
            label: 'reference.nav.groups',
            icon: <PlainIcon icon={ApartmentOutlined} />,
          },
          {
            key: 'admin-designations',
            path: '/admin/designations',
            label: 'reference.nav.designations',
            icon: <PlainIcon icon={SolutionOutlined} />,
          },
          {
            key: 'admin-levels-grades',
            path: '/admin/levels-grades',
            label: 'reference.nav.levelsGrades',
            icon: <PlainIcon icon={RiseOutlined} />,
          },
          {
            key: 'admin-employee-import',
            path: '/admin/employee-import',
            label: 'reference.nav.employeeImport',
            icon: <PlainIcon icon={ImportOutlined} flip />,
          },
        ],
      },
      {
        key: 'admin-group-people',
        group: true,
        label: 'reference.nav.people',
        children: [
          {
            key: 'admin-assets',
            path: '/admin/assets',
            label: 'nav.asset',
            icon: <PlainIcon icon={LaptopOutlined} />,
          },
          {
            key: 'admin-exams',
            path: '/admin/exams',
            label: 'reference.nav.exams',
            icon: <PlainIcon icon={ReadOutlined} />,
          },
          {
            key: 'admin-development-areas',
            path: '/admin/development-areas',
            label: 'reference.nav.developmentAreas',
            icon: <PlainIcon icon={BulbOutlined} />,
          },
          {
            key: 'admin-erasure',
            path: '/admin/erasure',
            label: 'dataRights.nav',
            icon: <PlainIcon icon={ClearOutlined} />,
          },
          {
            key: 'admin-audit',
            path: '/admin/audit',
            label: 'audit.nav',
            icon: <PlainIcon icon={FileSearchOutlined} />,
          },
        ],
      },
      {
        key: 'admin-group-time',
        group: true,
        label: 'reference.nav.timeAndLeave',
        children: [
          {
            key: 'admin-approvals',
            path: '/admin/approvals',
            label: 'approvals.settings.nav',
            icon: <PlainIcon icon={BellOutlined} />,
          },
          {
            key: 'admin-leave-types',
            path: '/admin/leave-types',
            label: 'nav.leaveTypes',
            icon: <PlainIcon icon={CarryOutOutlined} />,
          },
          {
            key: 'admin-holidays',
            path: '/admin/holidays',
            label: 'nav.holidays',
            icon: <PlainIcon icon={AppstoreOutlined} />,
          },
          {
            key: 'admin-leave-policies',
            path: '/admin/leave-policies',
            label: 'leavePolicies.admin.nav',
            icon: <PlainIcon icon={ReconciliationOutlined} />,
          },
          {
            key: 'admin-shifts',
            path: '/admin/shifts',
            label: 'shifts.nav',
            icon: <PlainIcon icon={FieldTimeOutlined} />,
          },
          {
            key: 'admin-attendance',
            path: '/admin/attendance',
            label: 'attendanceAdmin.nav',
            icon: <PlainIcon icon={ScanOutlined} />,
          },
          {
            key: 'admin-remote-work-types',
            path: '/admin/remote-work-types',
            label: 'reference.nav.remoteWorkTypes',
            icon: <PlainIcon icon={GlobalOutlined} />,
          },
        ],
      },
      {
        key: 'admin-group-performance',
        group: true,
        label: 'reference.nav.performance',
        children: [
          {
            key: 'admin-kpi',
            path: '/admin/kpi',
            label: 'nav.kpiSettings',
            icon: <PlainIcon icon={AimOutlined} />,
          },
          {
            key: 'admin-epr-values',
            path: '/admin/epr-values',
            label: 'reference.nav.eprValues',
            icon: <PlainIcon icon={StarOutlined} />,
          },
          {
            key: 'admin-review-cycles',
            path: '/admin/review-cycles',
            label: 'eprCycles.nav',
            icon: <PlainIcon icon={ScheduleOutlined} />,
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
            icon: <PlainIcon icon={FileTextOutlined} />,
          },
          {
            key: 'admin-pay-schedules',
            path: '/admin/pay-schedules',
            label: 'reference.nav.paySchedules',
            icon: <PlainIcon icon={WalletOutlined} />,
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

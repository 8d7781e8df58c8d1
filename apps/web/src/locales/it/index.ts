// One file per area, so each module keeps its own texts.
import account from './account.json';
import admin from './admin.json';
import approvals from './approvals.json';
import attendance from './attendance.json';
import attendanceAdmin from './attendance-admin.json';
import audit from './audit.json';
import auth from './auth.json';
import calendarFeeds from './calendar-feeds.json';
import comments from './comments.json';
import common from './common.json';
import compensation from './compensation.json';
import dashboard from './dashboard.json';
import dataRights from './data-rights.json';
import delegations from './delegations.json';
import employeeImport from './employee-import.json';
import employees from './employees.json';
import epr from './epr.json';
import eprCalibration from './epr-calibration.json';
import eprCycles from './epr-cycles.json';
import eprList from './epr-list.json';
import hrServices from './hr-services.json';
import imports from './imports.json';
import kpi from './kpi.json';
import leave from './leave.json';
import leaveCalendar from './leave-calendar.json';
import leavePolicies from './leave-policies.json';
import lists from './lists.json';
import notifications from './notifications.json';
import orgChart from './org-chart.json';
import organisation from './organisation.json';
import passkeys from './passkeys.json';
import profile from './profile.json';
import reference from './reference.json';
import remoteWork from './remote-work.json';
import serverErrors from './server-errors.json';
import shifts from './shifts.json';
import sso from './sso.json';
import team from './team.json';
import workflow from './workflow.json';

export default {
  ...account,
  ...admin,
  ...approvals,
  ...attendance,
  ...attendanceAdmin,
  ...audit,
  ...auth,
  ...calendarFeeds,
  ...comments,
  ...common,
  ...compensation,
  ...dashboard,
  ...dataRights,
  ...delegations,
  ...employees,
  ...employeeImport,
  ...epr,
  ...eprList,
  ...eprCalibration,
  ...eprCycles,
  ...hrServices,
  ...imports,
  ...kpi,
  ...leave,
  ...leaveCalendar,
  ...leavePolicies,
  ...lists,
  ...notifications,
  ...orgChart,
  ...organisation,
  ...passkeys,
  ...profile,
  ...reference,
  ...remoteWork,
  ...shifts,
  ...sso,
  ...team,
  ...serverErrors,
  ...workflow,
};

import approvals from '../locales/en/approvals.json';
import attendanceAdmin from '../locales/en/attendance-admin.json';
import audit from '../locales/en/audit.json';
import dashboard from '../locales/en/dashboard.json';
import dataRights from '../locales/en/data-rights.json';
import eprCalibration from '../locales/en/epr-calibration.json';
import eprCycles from '../locales/en/epr-cycles.json';
import leave from '../locales/en/leave.json';
import leavePolicies from '../locales/en/leave-policies.json';
import lists from '../locales/en/lists.json';
import notifications from '../locales/en/notifications.json';
import reference from '../locales/en/reference.json';
import shifts from '../locales/en/shifts.json';
import type { Area } from './text-areas';

type Texts = Record<string, unknown>;

/**
 * English beyond the start areas (those come with the app). The shell's and
 * the dashboard's areas (lib/text-areas.ts) are here themselves, so they come
 * in the signed-in start's file with the shell (vite.config.ts); the others
 * are a small file each. The sign-in page carries none of this.
 */
export const shellTexts: Partial<Record<Area, Texts>> = {
  approvals,
  'attendance-admin': attendanceAdmin,
  audit,
  dashboard,
  'data-rights': dataRights,
  'epr-calibration': eprCalibration,
  'epr-cycles': eprCycles,
  leave,
  'leave-policies': leavePolicies,
  lists,
  notifications,
  reference,
  shifts,
};

export const textFiles = import.meta.glob<Texts>(
  [
    '../locales/en/*.json',
    '!../locales/en/{auth,common,passkeys,server-errors,sso,workflow}.json',
    '!../locales/en/{approvals,attendance-admin,audit,dashboard,data-rights,epr-calibration,epr-cycles,leave,leave-policies,lists,notifications,reference,shifts}.json',
  ],
  { import: 'default' },
);

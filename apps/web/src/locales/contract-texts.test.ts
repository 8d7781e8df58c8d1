import { ACCOUNT_MESSAGES } from '@hr/contracts/account';
import { ADMIN_MESSAGES } from '@hr/contracts/admin';
import { APPROVAL_MESSAGES, APPROVAL_SETTING_MESSAGES } from '@hr/contracts/approvals';
import { ATTENDANCE_MESSAGES } from '@hr/contracts/attendance';
import { ATTENDANCE_INTAKE_MESSAGES } from '@hr/contracts/attendance-intake';
import { AUDIT_MESSAGES } from '@hr/contracts/audit';
import { COMPENSATION_MESSAGES } from '@hr/contracts/compensation';
import { DATA_RIGHTS_MESSAGES } from '@hr/contracts/data-rights';
import { DELEGATION_MESSAGES } from '@hr/contracts/delegations';
import { GROUP_MESSAGES } from '@hr/contracts/employee-search';
import { EPR_MESSAGES, EPR_VALUE_MESSAGES } from '@hr/contracts/epr';
import { EPR_CYCLE_MESSAGES } from '@hr/contracts/epr-cycles';
import { SERVICE_MESSAGES, SERVICE_REFERENCE_MESSAGES } from '@hr/contracts/hr-services';
import { IMPORT_MESSAGES } from '@hr/contracts/imports';
import { KPI_MESSAGES } from '@hr/contracts/kpi';
import { LEAVE_MESSAGES } from '@hr/contracts/leave';
import { LEAVE_POLICY_MESSAGES } from '@hr/contracts/leave-policies';
import { MESSAGES, messageKey, NOTICES } from '@hr/contracts/messages';
import { ORGANISATION_MESSAGES } from '@hr/contracts/organisation';
import { PASSKEY_MESSAGES } from '@hr/contracts/passkeys';
import { REMOTE_WORK_MESSAGES, REMOTE_WORK_TYPE_MESSAGES } from '@hr/contracts/remote-work';
import { SHIFT_MESSAGES } from '@hr/contracts/shifts';
import { TEXT_MESSAGES } from '@hr/contracts/text';
import { beforeAll, describe, expect, test } from 'vitest';
import { translateAdmin } from '../lib/admin-forms';
import { changeLanguage, loadSignedInTexts, translateValidation } from '../lib/i18n';
import en from './en';

/**
 * The texts the contracts hand to the web (form rules run the shared zod
 * schemas; the server answers with the same texts on fields), each shown
 * through its key in the user's language. A text without a key would show
 * in English in every language.
 */

/** The catalogs of field texts a form shows, by where the web looks them up. */
const VALIDATION_CATALOGS: Record<string, Record<string, string>> = {
  MESSAGES,
  ACCOUNT_MESSAGES,
  APPROVAL_MESSAGES,
  APPROVAL_SETTING_MESSAGES,
  ATTENDANCE_MESSAGES,
  ATTENDANCE_INTAKE_MESSAGES,
  AUDIT_MESSAGES,
  COMPENSATION_MESSAGES,
  DATA_RIGHTS_MESSAGES,
  DELEGATION_MESSAGES,
  EPR_MESSAGES,
  EPR_VALUE_MESSAGES,
  EPR_CYCLE_MESSAGES,
  SERVICE_MESSAGES,
  SERVICE_REFERENCE_MESSAGES,
  IMPORT_MESSAGES,
  KPI_MESSAGES,
  LEAVE_MESSAGES,
  LEAVE_POLICY_MESSAGES,
  ORGANISATION_MESSAGES,
  PASSKEY_MESSAGES,
  REMOTE_WORK_MESSAGES,
  REMOTE_WORK_TYPE_MESSAGES,
  SHIFT_MESSAGES,
  TEXT_MESSAGES,
};
/** The administration screens' texts (ADMIN_MESSAGES, GROUP_MESSAGES): through translateAdmin. */
const ADMIN_CATALOGS: Record<string, Record<string, string>> = { ADMIN_MESSAGES, GROUP_MESSAGES };

function lookup(path: string): unknown {
  return path.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], en);
}

describe('texts of the contracts', () => {
  // Each page loads the areas it shows; here every area, so a language change brings all of them.
  beforeAll(() => loadSignedInTexts());

  test.each(Object.entries(VALIDATION_CATALOGS))('%s has an English text by its key', (_, catalog) => {
    for (const text of Object.values(catalog)) {
      const key = messageKey(text);
      expect(key, `no key for "${text}"`).toBeTruthy();
      expect(lookup(key!), `en: ${key}`).toBe(text);
    }
  });

  test('every success notice has its key', () => {
    for (const [id, text] of Object.entries(NOTICES)) {
      // The contracts write `{name}`; i18next reads `{{name}}`.
      expect(lookup(`notices.${id}`), `en: notices.${id}`).toBe(text.replace(/\{(\w+)\}/g, '{{$1}}'));
    }
  });

  test.each(Object.entries(ADMIN_CATALOGS))('%s shows in the chosen language', async (_, catalog) => {
    await changeLanguage('fr');
    try {
      for (const text of Object.values(catalog)) expect(translateAdmin(text), text).not.toBe(text);
    } finally {
      await changeLanguage('en');
    }
  });

  test.each(Object.entries(VALIDATION_CATALOGS))('%s shows in the chosen language', async (_, catalog) => {
    await changeLanguage('ar');
    try {
      for (const text of Object.values(catalog)) expect(translateValidation(text), text).not.toBe(text);
    } finally {
      await changeLanguage('en');
    }
  });
});

import { eprMissingParams } from '@hr/contracts/epr-missing';
import { type ErrorCode, type ErrorParams, errorText } from '@hr/contracts/error-codes';
import type { ErrorBody } from '@hr/contracts/errors';
import { LANGUAGES } from '@hr/contracts/limits';
import type { FormInstance } from 'antd';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { applyServerErrors } from './forms';
import { ApiError } from './http';
import { changeLanguage, loadSignedInTexts } from './i18n';
import { serverErrorText } from './notify';
import { codeText, statusName, typeChoices, typeName } from './server-errors';

/** An error as the API answers it: the catalog's English text, its code and its parameters. */
function apiError(code: ErrorCode, status: number, params: ErrorParams = {}, body: Partial<ErrorBody> = {}) {
  const message = errorText(code, params);
  return new ApiError(status, message, { code: status, error: code, message, params, ...body });
}

// What the server sends for a leave request that is already approved: English status and participle.
const NOT_ALLOWED = {
  record: 'leave',
  status_id: 3,
  status: 'Approved',
  action: 'submit',
  done: 'submitted',
};

// The record, status and action names are signed-in texts: they come with the shell (the
// sign-in page carries only its own).
beforeAll(() => loadSignedInTexts());
afterAll(() => changeLanguage('en'));

describe('serverErrorText', () => {
  beforeEach(() => changeLanguage('en'));

  test("shows the server's message in English", () => {
    const error = apiError('transition_not_allowed', 409, NOT_ALLOWED);
    expect(error.message).toBe('This leave request is Approved; it cannot be submitted now.');
    expect(serverErrorText(error)).toBe(error.message);
    // The English texts with their own record, status and action names give the same sentence.
    expect(codeText(error.body)).toBe(error.message);
  });

  test('shows a code with its parameters in French, the record, status and action translated', async () => {
    await changeLanguage('fr');
    expect(serverErrorText(apiError('transition_not_allowed', 409, NOT_ALLOWED))).toBe(
      'Cette demande de congé a le statut « Approuvée » ; elle ne peut pas être soumise maintenant.',
    );
    expect(serverErrorText(apiError('record_not_found', 404, { record: 'kpi' }))).toBe(
      "Cette fiche KPI n'existe pas.",
    );
    expect(
      serverErrorText(apiError('leave_overlap', 422, { id: 12, from: '01-03-2026', to: '05-03-2026' })),
    ).toBe('Ces dates chevauchent votre demande de congé #12 (du 01-03-2026 au 05-03-2026).');
    expect(serverErrorText(apiError('reference_not_found', 404, { kind: 'leave type' }))).toBe(
      "Cet élément n'existe pas (type de congé).",
    );
  });

  test('shows a code with its parameters in Arabic', async () => {
    await changeLanguage('ar');
    expect(
      serverErrorText(
        apiError('transition_forbidden', 403, { record: 'hr_service', action: 'approve', done: 'approved' }),
      ),
    ).toBe('لا يحق لك الموافقة على طلب خدمة الموارد البشرية هذا.');
    expect(serverErrorText(apiError('record_not_editable', 409, { record: 'epr', status_id: 10 }))).toBe(
      'حالة تقييم الأداء هذا «أُعيد إلى المدير المباشر»؛ لا يمكن تعديله الآن.',
    );
  });

  test('keeps the old behaviour without a known code', async () => {
    await changeLanguage('fr');
    // An unknown code: the server's message.
    expect(
      serverErrorText(
        new ApiError(409, 'Something new', { code: 409, error: 'new_code', message: 'Something new' }),
      ),
    ).toBe('Something new');
    // No body: the default status text of SPEC.md §8, translated.
    expect(serverErrorText(new ApiError(400, 'request error, nothing changed', null))).toBe(
      'Erreur de requête, aucune modification effectuée',
    );
    // A code whose parameters are missing: as without a code.
    expect(
      serverErrorText(new ApiError(404, 'Gone', { code: 404, error: 'record_not_found', message: 'Gone' })),
    ).toBe('Gone');
  });

  test('names a profile item by its section, and counts the members of a group item', async () => {
    expect(
      serverErrorText(apiError('profile_item_not_found', 404, { item: 'family member', section: 'members' })),
    ).toBe('This employee has no such family member.');
    await changeLanguage('fr');
    expect(
      serverErrorText(apiError('profile_item_not_found', 404, { item: 'family member', section: 'members' })),
    ).toBe("Cet employé n'a pas cet élément (membre de la famille).");
    await changeLanguage('es');
    expect(serverErrorText(apiError('group_item_has_members', 409, { name: 'Soporte', members: 3 }))).toBe(
      'No se puede eliminar Soporte: 3 empleados pertenecen a él o a un elemento que depende de él.',
    );
  });

  test('keeps a parameter the web app does not know as the server sent it', async () => {
    await changeLanguage('fr');
    expect(
      serverErrorText(
        apiError('record_not_editable', 409, { record: 'leave', status_id: 99, status: 'archived' }),
      ),
    ).toBe('Cette demande de congé a le statut « archived » ; elle ne peut pas être modifiée maintenant.');
  });
});

describe('applyServerErrors', () => {
  function fakeForm() {
    const set: { name: (string | number)[]; errors: string[] }[] = [];
    const form = {
      getFieldsError: () => [],
      setFields: (fields: typeof set) => set.push(...fields),
    } as unknown as FormInstance;
    return { form, set };
  }

  test("puts a domain code's translated text on its field, validation texts through their keys", async () => {
    await changeLanguage('fr');
    const message = errorText('leave_type_not_short');
    const error = new ApiError(422, message, {
      code: 422,
      error: 'leave_type_not_short',
      message,
      errors: {
        children: {
          type_id: { errors: [message] },
          to: { errors: ['End date must not be empty'] },
        },
      },
    });
    const { form, set } = fakeForm();
    applyServerErrors(form, error);
    expect(set).toEqual([
      { name: ['type_id'], errors: ['Ce type de congé ne peut pas être pris en congé court.'] },
      { name: ['to'], errors: ['La date de fin ne peut pas être vide'] },
    ]);
  });

  test('keeps validation_failed field texts as validation texts', async () => {
    await changeLanguage('en');
    const error = new ApiError(422, 'Validation Failed', {
      code: 422,
      error: 'validation_failed',
      message: 'Validation Failed',
      errors: { children: { name: { errors: ['Validation Failed'] } } },
    });
    const { form, set } = fakeForm();
    applyServerErrors(form, error);
    expect(set).toEqual([{ name: ['name'], errors: ['Validation Failed'] }]);
  });
});

/**
 * Names the server sends in English (statuses, KPI and EPR types), shown by
 * kind and id: each read from the page's language in all six, English the
 * server's own name, every other language its own word.
 */
function namedByIdInEveryLanguage<Kind extends string>(
  what: string,
  english: Record<Kind, Record<number, string>>,
  shownName: (kind: Kind, named: { id: number; name: string }) => string,
) {
  const entries = (Object.entries(english) as [Kind, Record<number, string>][]).flatMap(([kind, names]) =>
    Object.entries(names).map(([id, name]) => ({ kind, id: Number(id), name })),
  );
  test.each([...LANGUAGES])('are named by kind and id in %s', async (lang) => {
    await changeLanguage(lang);
    for (const { kind, id, name } of entries) {
      const shown = shownName(kind, { id, name: 'from the server' });
      expect(shown, `${lang}: ${what}.${kind}.${id}`).not.toBe('from the server');
      if (lang === 'en') expect(shown, `en: ${what}.${kind}.${id}`).toBe(name);
      else expect(shown, `${lang}: ${what}.${kind}.${id}`).not.toBe(name);
    }
  });
}

describe('status names', () => {
  const ENGLISH = {
    leave: { 1: 'Draft', 2: 'Submitted', 3: 'Approved', 4: 'Rejected' },
    remote_work: { 1: 'Draft', 2: 'Submitted', 3: 'Approved', 4: 'Rejected' },
    hr_service: { 1: 'Draft', 2: 'Submitted', 3: 'Approved', 4: 'Cancelled', 5: 'Done' },
    kpi: { 1: 'Draft', 2: 'Awaiting line manager', 3: 'Awaiting O&O', 4: 'Approved', 5: 'Update requested' },
    epr: {
      0: 'Not started',
      1: 'Draft',
      2: 'Awaiting line manager',
      3: 'Awaiting O&O',
      4: 'Completed',
      5: 'Sent back to employee',
      6: 'Closed',
      10: 'Returned to line manager',
    },
  } as const;
  namedByIdInEveryLanguage('statuses', ENGLISH, statusName);

  test("fall back to the server's name for an unknown id", async () => {
    await changeLanguage('fr');
    expect(statusName('leave', { id: 42, name: 'Archived' })).toBe('Archived');
    expect(statusName('hr_service', { id: 5, name: 'Done' })).toBe('Terminée');
  });
});

describe('KPI and EPR type names', () => {
  // The server's English names (SPEC.md §5: a yearly sheet and one of its own period; an annual and an interim review).
  const ENGLISH = {
    kpi: { 1: 'Yearly', 2: 'Custom period' },
    epr: { 1: 'Annual review', 2: 'Interim review' },
  } as const;
  namedByIdInEveryLanguage('types', ENGLISH, typeName);

  test('read in French and Arabic, in the lists and the filters alike', async () => {
    await changeLanguage('fr');
    expect(typeName('kpi', { id: 2, name: 'Custom period' })).toBe('Période personnalisée');
    expect(typeName('epr', { id: 2, name: 'Interim review' })).toBe('Évaluation intermédiaire');
    await changeLanguage('ar');
    expect(typeName('kpi', { id: 1, name: 'Yearly' })).toBe('سنوي');
    expect(
      typeChoices('epr', [
        { id: 1, name: 'Annual review' },
        { id: 2, name: 'Interim review' },
      ]),
    ).toEqual([
      { id: 1, name: 'التقييم السنوي' },
      { id: 2, name: 'التقييم المرحلي' },
    ]);
  });

  test("fall back to the server's name for an unknown id", async () => {
    await changeLanguage('fr');
    expect(typeName('kpi', { id: 9, name: 'Quarterly' })).toBe('Quarterly');
  });
});

describe('what a review still lacks, worded in the reader’s language', () => {
  const params = eprMissingParams([['a_actuals', 3], ['b_rating'], ['b_values', 1]]);

  test('the API sends the English sentence and the parts as codes', () => {
    expect(params).toEqual({
      missing: '3 actual value(s) of Section A, the Section B rating, 1 value rating(s) of Section B',
      missing_parts: 'a_actuals:3,b_rating,b_values:1',
    });
  });

  test('English words each part with its plural and lists them', async () => {
    await changeLanguage('en');
    expect(codeText({ error: 'epr_incomplete', params })).toBe(
      'The review is not complete: 3 actual values of Section A, the Section B rating, and 1 value rating of Section B still missing.',
    );
  });

  test('Arabic words them in Arabic, with no English left', async () => {
    await changeLanguage('ar');
    const text = codeText({ error: 'epr_incomplete', params })!;
    expect(text).toContain('3 قيم فعلية في القسم أ');
    expect(text).toContain('تقييم القسم ب');
    expect(text).toContain('تقييم واحد للقيم في القسم ب');
    expect(text).not.toMatch(/[A-Za-z]{3,}/);
    await changeLanguage('en');
  });
});

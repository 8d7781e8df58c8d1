import { EMPLOYEE_IMPORT_COLUMNS, EMPLOYEE_REFUSAL_TEXTS } from '@hr/contracts/employee-import';
import { IMPORT_MESSAGES } from '@hr/contracts/imports';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en/employee-import.json';
import shared from '../../locales/en/imports.json';

/** The screen's English texts are the API's own: a refusal reads the same on the screen and in the API. */
describe('employee-import texts', () => {
  it('names every reason a row is refused for, in the words of the API', () => {
    expect(en.employeeImport.reasons).toEqual(EMPLOYEE_REFUSAL_TEXTS);
  });

  it('says what each column holds', () => {
    expect(Object.keys(en.employeeImport.columns.about).sort()).toEqual([...EMPLOYEE_IMPORT_COLUMNS].sort());
  });

  it('has the validation texts of the upload', () => {
    expect(shared.imports.validation).toEqual(IMPORT_MESSAGES);
  });
});

import { ATTENDANCE_INTAKE_MESSAGES, IMPORT_REFUSALS, REFUSAL_TEXTS } from '@hr/contracts/attendance-intake';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en/attendance-admin.json';

/** The screen's English texts are the API's own: a refusal or a field error reads the same in both. */
describe('attendance-admin texts', () => {
  it('names every reason a row is refused for, in the words of the API', () => {
    expect(Object.keys(en.attendanceAdmin.reasons).sort()).toEqual([...IMPORT_REFUSALS].sort());
    expect(en.attendanceAdmin.reasons).toEqual(REFUSAL_TEXTS);
  });

  it('has the validation texts of the contract', () => {
    expect(en.attendanceAdmin.validation).toEqual(ATTENDANCE_INTAKE_MESSAGES);
  });
});

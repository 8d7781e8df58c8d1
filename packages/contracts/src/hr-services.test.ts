import { describe, expect, it } from 'vitest';
import { fromDmy, serviceRequestBody, serviceRequestForm, serviceRequestValues, toDmy } from './hr-services';
import { MESSAGES } from './messages';

const messagesOf = (issues: { path: PropertyKey[]; message: string }[]) =>
  Object.fromEntries(issues.map((i) => [String(i.path[0]), i.message]));

describe('HR service dates', () => {
  it('reads DD-MM-YYYY days that exist, and writes them back', () => {
    expect(fromDmy('29-02-2028')).toBe('2028-02-29');
    expect(fromDmy('29-02-2027')).toBeNull();
    expect(fromDmy('2027-02-01')).toBeNull();
    expect(fromDmy('1-2-2027')).toBeNull();
    expect(toDmy('2027-02-01')).toBe('01-02-2027');
  });
});

describe('the HR service form', () => {
  it('asks for the NOC fields only for a NOC, each on its field', () => {
    const noc = serviceRequestForm.safeParse({ category: 'noc', issue_date: {}, description: 'x' });
    expect(messagesOf(noc.error!.issues)).toEqual({
      noc_type_id: MESSAGES.nocTypeRequired,
      from_date: MESSAGES.fromDateRequired,
      to_date: MESSAGES.toDateRequired,
      passport_no: MESSAGES.passportRequired,
      intended_country: MESSAGES.countryRequired,
    });
    const other = serviceRequestForm.safeParse({ category: 'id_card', issue_date: {}, description: 'x' });
    expect(messagesOf(other.error!.issues)).toEqual({ reason: MESSAGES.reasonRequired });
  });

  it('checks the passport length after trimming', () => {
    const base = {
      category: 'noc',
      issue_date: {},
      description: 'x',
      noc_type_id: 1,
      from_date: {},
      to_date: {},
      intended_country: 'Nepal',
    };
    expect(serviceRequestForm.safeParse({ ...base, passport_no: ' abc ' }).error?.issues[0]?.message).toBe(
      MESSAGES.passportLength,
    );
    expect(serviceRequestForm.safeParse({ ...base, passport_no: ' abcd ' }).success).toBe(true);
  });
});

describe('the HR service body', () => {
  it('normalises a valid body: ISO dates, trimmed text, NOC fields only for a NOC', () => {
    const parsed = serviceRequestBody.parse({
      category: 'visa_letter',
      issue_date: '05-03-2027',
      reason: '  Conference ',
      description: ' Singapore ',
      passport_no: 'A1234567',
      noc_type_id: 2,
    });
    expect(serviceRequestValues(parsed)).toEqual({
      category: 'visa_letter',
      employeeId: null,
      issueDate: '2027-03-05',
      nocTypeId: null,
      fromDate: null,
      toDate: null,
      passportNo: null,
      intendedCountry: null,
      reason: 'Conference',
      description: 'Singapore',
    });
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { makeCompany, makeOffice } from '../../test/factories/directory';
import { setupApi, type TestContext } from '../../test/helper';
import { holidays } from '../db/schema';
import {
  countWorkingDays,
  type HolidayScope,
  holidayApplies,
  isWorkingDay,
  workCalendar,
  workCalendars,
} from './calendar';

/**
 * Working days with holidays per office (docs/decisions.md, "Holidays per
 * office"): everyone's, the company's, and the office's only for its people.
 */

let ctx: TestContext;
let company: number;
let other: number;
let branch: number;
let main: number;
let elsewhere: number;

// Sunday 7 to Saturday 13 November 2027; Friday the 12th is the weekly off day.
const FROM = '2027-11-07';
const TO = '2027-11-13';

beforeAll(async () => {
  ctx = await setupApi();
  company = (await makeCompany(ctx.db)).id;
  other = (await makeCompany(ctx.db)).id;
  branch = (await makeOffice(ctx.db, company)).id;
  main = (await makeOffice(ctx.db, company)).id;
  elsewhere = (await makeOffice(ctx.db, other)).id;
  const admin = await ctx.factory.token(await ctx.factory.employee({ admin: true }));
  // As HR writes them: everyone's on the 8th, the company's on the 9th, the branch's on the 10th.
  for (const [name, day, place] of [
    ['Everyone’s day', '2027-11-08', {}],
    ['Company day', '2027-11-09', { company_id: company }],
    ['Branch day', '2027-11-10', { office_id: branch }],
    ['Other company’s office day', '2027-11-11', { office_id: elsewhere }],
  ] as const) {
    const res = await ctx.call({
      method: 'POST',
      url: '/api/v1/holidays',
      token: admin,
      payload: { name, from: day, to: day, ...place },
    });
    expect(res.statusCode, res.body).toBe(201);
  }
});

const daysOff = (calendar: { holidays: Set<string> }) =>
  [...calendar.holidays].filter((d) => d >= FROM && d <= TO).sort();

describe('workCalendar', () => {
  it('a person of an office has everyone’s, the company’s and the office’s holidays', async () => {
    const calendar = await workCalendar(ctx.db, company, FROM, TO, branch);
    expect(daysOff(calendar)).toEqual(['2027-11-08', '2027-11-09', '2027-11-10']);
    // Seven days less the weekly off day and three holidays.
    expect(countWorkingDays(calendar, FROM, TO)).toBe(3);
    expect(isWorkingDay(calendar, '2027-11-10')).toBe(false);
  });

  it('the company’s other office, and a person without an office, work on the office’s day', async () => {
    for (const office of [main, null, undefined]) {
      const calendar = await workCalendar(ctx.db, company, FROM, TO, office);
      expect(daysOff(calendar), String(office)).toEqual(['2027-11-08', '2027-11-09']);
      expect(countWorkingDays(calendar, FROM, TO)).toBe(4);
    }
  });

  it('without a company: everyone’s holidays, and the office’s own when one is given', async () => {
    expect(daysOff(await workCalendar(ctx.db, null, FROM, TO))).toEqual(['2027-11-08']);
    expect(daysOff(await workCalendar(ctx.db, null, FROM, TO, elsewhere))).toEqual([
      '2027-11-08',
      '2027-11-11',
    ]);
  });
});

describe('workCalendars', () => {
  it('answers each company’s calendar, and a person’s with their office’s holidays', async () => {
    const calendars = await workCalendars(ctx.db, [company, other], FROM, TO);
    expect(daysOff(calendars.get(company)!)).toEqual(['2027-11-08', '2027-11-09']);
    expect(daysOff(calendars.get(null)!)).toEqual(['2027-11-08']);
    expect(daysOff(calendars.of(company, branch))).toEqual(['2027-11-08', '2027-11-09', '2027-11-10']);
    expect(daysOff(calendars.of(company, main))).toEqual(['2027-11-08', '2027-11-09']);
    expect(daysOff(calendars.of(company))).toEqual(['2027-11-08', '2027-11-09']);
    expect(daysOff(calendars.of(other, elsewhere))).toEqual(['2027-11-08', '2027-11-11']);
    expect(daysOff(calendars.of(other, null))).toEqual(['2027-11-08']);
    // One calendar per place, shared by its people.
    expect(calendars.of(company, branch)).toBe(calendars.of(company, branch));
    expect(calendars.of(company)).toBe(calendars.get(company));
  });
});

describe('holidayApplies', () => {
  it('everyone’s to all; a company’s to its people; an office’s to its people only', () => {
    const everyone: HolidayScope = { companyId: null, officeId: null };
    const companys: HolidayScope = { companyId: 1, officeId: null };
    const offices: HolidayScope = { companyId: 1, officeId: 10 };
    const cases: [HolidayScope, number | null, number | null, boolean][] = [
      [everyone, null, null, true],
      [everyone, 1, 10, true],
      [companys, 1, null, true],
      [companys, 1, 11, true],
      [companys, 2, null, false],
      [companys, null, null, false],
      [offices, 1, 10, true],
      [offices, 1, 11, false],
      [offices, 1, null, false],
      [offices, 2, 12, false],
    ];
    for (const [holiday, companyId, officeId, applies] of cases)
      expect(
        holidayApplies(holiday, companyId, officeId),
        JSON.stringify([holiday, companyId, officeId]),
      ).toBe(applies);
  });

  it('the office’s company is stored with its holiday', async () => {
    const rows = await ctx.db.select().from(holidays);
    expect(rows.find((h) => h.name === 'Branch day')).toMatchObject({ companyId: company, officeId: branch });
  });
});

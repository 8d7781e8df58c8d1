import { ATTENDANCE_MESSAGES } from '@hr/contracts/attendance';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  addPunches,
  approvedLeave,
  approvedRemoteWork,
  assignShift,
  makeShift,
} from '../../../test/factories/attendance';
import { makeOffice, setEmployee } from '../../../test/factories/directory';
import { type MadeEmployee, setupApi, statementsDuring, type TestContext } from '../../../test/helper';
import { employees, holidays } from '../../db/schema';

/**
 * The attendance reports (SPEC.md §7 `report/attendance/*`): days made from
 * punches, shifts, holidays and approved leave and remote work; who may read
 * them; CSV files; bad queries.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await setupApi();
});

const BASE = '/api/v1/report/attendance';
const get = (url: string, token: string | null) => ctx.call({ method: 'GET', url, token });
const individual = (token: string | null, employeeId: number, from: string, to: string, type = 'json') =>
  get(
    `${BASE}/individual?from_date=${from}&to_date=${to}&employee_id=${employeeId}&response_type=${type}`,
    token,
  );

interface Day {
  date: string;
  working: boolean;
  weekly_off: boolean;
  holiday: boolean;
  absent: boolean;
  present: boolean;
  late: boolean;
  late_in_minute: number;
  leave: boolean;
  remote_work: boolean;
  punch_in: string | null;
  punch_out: string | null;
}

/** An employee's week of 2 to 9 March 2025 (Sunday to Sunday; Friday the 7th is the weekly off). */
async function week(e: MadeEmployee) {
  await addPunches(ctx.db, e.id, [
    '2025-03-02 08:55',
    '2025-03-02 18:05',
    '2025-03-03 09:10',
    '2025-03-03 12:00',
    '2025-03-03 18:00',
    '2025-03-04 09:40',
    '2025-03-04 18:30',
  ]);
  await approvedLeave(ctx.db, e.id, '2025-03-06', '2025-03-06');
  await approvedRemoteWork(ctx.db, e.id, '2025-03-08', '2025-03-08');
  // Not approved: it does not count.
  await approvedRemoteWork(ctx.db, e.id, '2025-03-05', '2025-03-05', undefined, 2);
  await ctx.db
    .insert(holidays)
    .values({ name: 'Test day off', fromDate: '2025-03-09', toDate: '2025-03-09' });
}

describe('individual report', () => {
  it('makes each day from the punches, the shift, leave, remote work, the weekly off and holidays', async () => {
    const { employee } = await ctx.factory.chain();
    await week(employee);
    const token = await ctx.factory.token(employee);
    const res = await individual(token, employee.id, '2025-03-02', '2025-03-09');
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json() as { rows: Day[]; totals: Record<string, number>; employee: { eid: string } };
    expect(report.employee.eid).toBe(employee.eid);
    const pick = (d: Day) => [
      d.date,
      d.present,
      d.absent,
      d.late,
      d.late_in_minute,
      d.leave,
      d.remote_work,
      d.weekly_off,
      d.holiday,
      d.punch_in,
      d.punch_out,
    ];
    expect(report.rows.map(pick)).toEqual([
      ['2025-03-02', true, false, false, 0, false, false, false, false, '08:55', '18:05'],
      // 09:10 is within the 15 minutes of grace; three punches: the first in, the last out.
      ['2025-03-03', true, false, false, 0, false, false, false, false, '09:10', '18:00'],
      ['2025-03-04', true, false, true, 40, false, false, false, false, '09:40', '18:30'],
      // No punch, and the remote work of that day was never approved.
      ['2025-03-05', false, true, false, 0, false, false, false, false, null, null],
      ['2025-03-06', false, false, false, 0, true, false, false, false, null, null],
      ['2025-03-07', false, false, false, 0, false, false, true, false, null, null],
      ['2025-03-08', false, false, false, 0, false, true, false, false, null, null],
      ['2025-03-09', false, false, false, 0, false, false, false, true, null, null],
    ]);
    expect(report.totals).toEqual({
      working_days: 6,
      present: 3,
      absent: 1,
      late: 1,
      late_minutes: 40,
      leave: 1,
      remote_work: 1,
    });
  });

  it('uses the shift valid on each day: a night shift from the 5th, its punch out after midnight', async () => {
    const { employee } = await ctx.factory.chain();
    const night = await makeShift(ctx.db, { start: '22:00', end: '06:00', grace: 10 });
    await assignShift(ctx.db, employee.id, night.id, '2025-04-15');
    await addPunches(ctx.db, employee.id, [
      '2025-04-14 09:05',
      '2025-04-14 18:00',
      '2025-04-15 22:30',
      '2025-04-16 06:02',
      '2025-04-16 21:58',
      '2025-04-17 06:00',
    ]);
    const token = await ctx.factory.token(employee);
    const res = await individual(token, employee.id, '2025-04-14', '2025-04-16');
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().rows as (Day & { shift: { name: string } })[];
    expect(
      rows.map((d) => [d.date, d.shift.name, d.punch_in, d.punch_out, d.late, d.late_in_minute]),
    ).toEqual([
      ['2025-04-14', 'General', '09:05', '18:00', false, 0],
      ['2025-04-15', night.name, '22:30', '06:02', true, 30],
      ['2025-04-16', night.name, '21:58', '06:00', false, 0],
    ]);
  });

  it('answers the rows as a CSV file: UTF-8 with a byte-order mark, named after the person and the range', async () => {
    const { employee } = await ctx.factory.chain();
    await week(employee);
    const token = await ctx.factory.token(employee);
    const res = await individual(token, employee.id, '2025-03-02', '2025-03-09', 'csv');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain(
      `filename="Attendance_${employee.name}_${employee.eid}_2025-03-02_2025-03-09.csv"`,
    );
    const bytes = res.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').trim().split('\n');
    expect(lines[0]).toBe('Date,Absent,Present,Late,Late (minutes),Leave,Remote work,Punch in,Punch out');
    expect(lines).toHaveLength(9);
    expect(lines[3]).toBe('04-03-2025,No,Yes,Yes,40,No,No,09:40,18:30');
    expect(lines[4]).toBe('05-03-2025,Yes,No,No,0,No,No,,');
  });
});

describe('who may read a report', () => {
  it('the employee, everyone above them and HR; not a peer or a stranger; no token is a 401', async () => {
    const top = await ctx.factory.employee();
    const oo = await ctx.factory.employee({ parentId: top.id });
    const lm = await ctx.factory.employee({ parentId: oo.id });
    const employee = await ctx.factory.employee({ parentId: lm.id });
    const peer = await ctx.factory.employee({ parentId: lm.id });
    const admin = await ctx.factory.employee({ admin: true });
    const stranger = await ctx.factory.employee();
    const url = (who: MadeEmployee) =>
      `${BASE}/individual?from_date=2025-05-01&to_date=2025-05-31&employee_id=${who.id}`;
    for (const reader of [employee, lm, oo, top, admin]) {
      const res = await get(url(employee), await ctx.factory.token(reader));
      expect(res.statusCode, reader.name).toBe(200);
    }
    for (const reader of [peer, stranger]) {
      const res = await get(url(employee), await ctx.factory.token(reader));
      expect(res.statusCode, reader.name).toBe(403);
      expect(res.json().error).toBe('attendance_forbidden');
    }
    // Nobody reads upwards: the employee cannot read their manager's days.
    expect((await get(url(lm), await ctx.factory.token(employee))).statusCode).toBe(403);
    expect((await get(url(employee), null)).statusCode).toBe(401);
    const unknown = await get(
      `${BASE}/individual?from_date=2025-05-01&to_date=2025-05-31&employee_id=99999999`,
      await ctx.factory.token(admin),
    );
    expect(unknown.statusCode).toBe(404);
  });
});

describe('bad queries', () => {
  it('a missing or malformed from, to or employee, a reversed range or one too long: a 400 that says why', async () => {
    const admin = await ctx.factory.employee({ admin: true });
    const token = await ctx.factory.token(admin);
    const cases: [string, string][] = [
      ['to_date=2025-05-31&employee_id=1', ATTENDANCE_MESSAGES.fromRequired],
      ['from_date=2025-05-01&employee_id=1', ATTENDANCE_MESSAGES.toRequired],
      ['from_date=2025-05-01&to_date=2025-05-31', ATTENDANCE_MESSAGES.employeeRequired],
      ['from_date=2025-02-30&to_date=2025-05-31&employee_id=1', ATTENDANCE_MESSAGES.dateFormat],
      ['from_date=2025-05-31&to_date=2025-05-01&employee_id=1', ATTENDANCE_MESSAGES.toBeforeFrom],
      ['from_date=2024-01-01&to_date=2025-05-31&employee_id=1', ATTENDANCE_MESSAGES.rangeTooLong],
      ['from_date=2025-05-01&to_date=2025-05-31&employee_id=abc', ATTENDANCE_MESSAGES.employeeRequired],
    ];
    for (const [query, message] of cases) {
      const res = await get(`${BASE}/individual?${query}`, token);
      expect(res.statusCode, query).toBe(400);
      expect(res.body, query).toContain(message);
    }
    const type = await get(
      `${BASE}/individual?from_date=2025-05-01&to_date=2025-05-31&employee_id=1&response_type=xml`,
      token,
    );
    expect(type.statusCode).toBe(400);
  });
});

describe('summary', () => {
  it('a manager gets a row per person below them; the CSV escapes cells a spreadsheet would run', async () => {
    const { oo, lm, employee } = await ctx.factory.chain();
    const other = await ctx.factory.employee({ parentId: lm.id, name: '=HYPERLINK("http://x","y")' });
    await week(employee);
    const url = `${BASE}/summary?from_date=2025-03-02&to_date=2025-03-08`;
    const res = await get(url, await ctx.factory.token(oo));
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().rows as { employee: { id: number }; absent: number; late_minutes: number }[];
    expect(rows.map((r) => r.employee.id).sort()).toEqual([lm.id, employee.id, other.id].sort());
    const mine = rows.find((r) => r.employee.id === employee.id)!;
    expect([mine.absent, mine.late_minutes]).toEqual([1, 40]);
    // The line manager's summary has their two reports only.
    const lmRes = await get(url, await ctx.factory.token(lm));
    expect((lmRes.json().rows as unknown[]).length).toBe(2);

    const csv = await get(`${url}&response_type=csv`, await ctx.factory.token(lm));
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toContain('Attendance_summary_2025-03-02_2025-03-08.csv');
    const text = csv.rawPayload.subarray(3).toString('utf8');
    expect(text.split('\n')[0]).toBe(
      'Employee,E-ID,Working days,Present,Absent,Late,Late (minutes),Leave,Remote work',
    );
    expect(text).toContain(`"'=HYPERLINK(""http://x"",""y"")",${other.eid},`);
    expect(text).toContain(`${employee.name},${employee.eid},6,3,1,1,40,1,1`);
  });

  it('someone with nobody below them is refused; another team’s employee is refused; HR sees anyone', async () => {
    const { lm, employee } = await ctx.factory.chain();
    const { employee: elsewhere } = await ctx.factory.chain();
    const admin = await ctx.factory.employee({ admin: true });
    const url = `${BASE}/summary?from_date=2025-03-02&to_date=2025-03-08`;
    const alone = await get(url, await ctx.factory.token(employee));
    expect(alone.statusCode).toBe(403);
    const other = await get(`${url}&employee_id=${elsewhere.id}`, await ctx.factory.token(lm));
    expect(other.statusCode).toBe(403);
    const own = await get(`${url}&employee_id=${employee.id}`, await ctx.factory.token(lm));
    expect(own.json().rows).toHaveLength(1);
    const hr = await get(`${url}&employee_id=${elsewhere.id}`, await ctx.factory.token(admin));
    expect(hr.json().rows.map((r: { employee: { id: number } }) => r.employee.id)).toEqual([elsewhere.id]);
    expect((await get(url, null)).statusCode).toBe(401);
    // Everyone is for HR; HR's own team (here nobody) is an empty summary, not a refusal.
    const all = await get(`${url}&scope=all`, await ctx.factory.token(lm));
    expect(all.statusCode).toBe(403);
    const hrTeam = await get(`${url}&scope=team`, await ctx.factory.token(admin));
    expect(hrTeam.statusCode).toBe(200);
    expect(hrTeam.json().rows).toEqual([]);
    const lmTeam = await get(`${url}&scope=team`, await ctx.factory.token(lm));
    expect(lmTeam.json().rows.map((r: { employee: { id: number } }) => r.employee.id)).toEqual([employee.id]);
  });

  it('a team larger than a batch: everyone once, by name, the disabled left out', async () => {
    const lm = await ctx.factory.employee();
    const { companyId, officeId, designationId } = await ctx.factory.company();
    // Two levels below the manager, 900 people: more than two batches of the summary.
    const leads = await ctx.db
      .insert(employees)
      .values(
        Array.from({ length: 30 }, (_, i) => ({
          eid: ctx.factory.nextEid(),
          name: `Lead ${String(i).padStart(2, '0')}`,
          companyId,
          officeId,
          designationId,
          parentId: lm.id,
        })),
      )
      .returning({ id: employees.id });
    await ctx.db.insert(employees).values(
      Array.from({ length: 870 }, (_, i) => ({
        eid: ctx.factory.nextEid(),
        // Names out of id order, some shared, so the order is by name then id.
        name: `Member ${String((i * 37) % 500).padStart(3, '0')}`,
        companyId,
        officeId,
        designationId,
        parentId: leads[i % leads.length]!.id,
        enabled: i !== 5,
      })),
    );
    const res = await get(
      `${BASE}/summary?from_date=2025-06-01&to_date=2025-06-07&scope=team`,
      await ctx.factory.token(lm),
    );
    expect(res.statusCode, res.body).toBe(200);
    const rows = (res.json() as { rows: { employee: { id: number; name: string } }[] }).rows;
    expect(rows).toHaveLength(899);
    expect(new Set(rows.map((r) => r.employee.id)).size).toBe(899);
    const keys = rows.map((r) => [r.employee.name, r.employee.id] as const);
    const sorted = [...keys].sort((a, b) => (a[0] === b[0] ? a[1] - b[1] : a[0] < b[0] ? -1 : 1));
    expect(keys).toEqual(sorted);
  });

  it('sends the same statements for a team of 3 as for a team of 12', async () => {
    const count = async (size: number) => {
      const lm = await ctx.factory.employee();
      for (let i = 0; i < size; i++) await ctx.factory.employee({ parentId: lm.id });
      const token = await ctx.factory.token(lm);
      const url = `${BASE}/summary?from_date=2025-06-01&to_date=2025-06-30`;
      await get(url, token);
      return (await statementsDuring(ctx, () => get(url, token))).length;
    };
    expect(await count(12)).toBe(await count(3));
  });
});

describe('calendar', () => {
  it('a month of days with the holidays of the employee’s company, for those who may read it', async () => {
    const { lm, employee } = await ctx.factory.chain();
    await week(employee);
    const res = await get(
      `${BASE}/calendar?employee_id=${employee.id}&month=2025-03`,
      await ctx.factory.token(lm),
    );
    expect(res.statusCode, res.body).toBe(200);
    const month = res.json() as { days: Day[]; holidays: { name: string }[] };
    expect(month.days).toHaveLength(31);
    expect(month.days.find((d) => d.date === '2025-03-04')!.late_in_minute).toBe(40);
    expect(month.holidays.map((h) => h.name)).toContain('Test day off');
    const peer = await ctx.factory.employee({ parentId: lm.id });
    const refused = await get(
      `${BASE}/calendar?employee_id=${employee.id}&month=2025-03`,
      await ctx.factory.token(peer),
    );
    expect(refused.statusCode).toBe(403);
    const bad = await get(
      `${BASE}/calendar?employee_id=${employee.id}&month=2025-13`,
      await ctx.factory.token(lm),
    );
    expect(bad.statusCode).toBe(400);
  });
});

describe('holidays per office', () => {
  it('an office’s holiday is its people’s day off, not their colleagues’ in the company’s other office', async () => {
    const { companyId, officeId } = await ctx.factory.company();
    const branch = await makeOffice(ctx.db, companyId);
    const { lm, employee: inBranch } = await ctx.factory.chain();
    const atMain = await ctx.factory.employee({ parentId: lm.id });
    const noOffice = await ctx.factory.employee({ parentId: lm.id });
    await setEmployee(ctx.db, inBranch.id, { officeId: branch.id });
    await setEmployee(ctx.db, noOffice.id, { officeId: null });
    const admin = await ctx.factory.token(await ctx.factory.employee({ admin: true }));
    // Tuesday 10 June 2025 for the branch only, written as HR writes it (the office's company is stored).
    const made = await ctx.call({
      method: 'POST',
      url: '/api/v1/holidays',
      token: admin,
      payload: { name: 'Branch day off', from: '2025-06-10', to: '2025-06-10', office_id: branch.id },
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ company_id: companyId, office_id: branch.id });
    expect(officeId).not.toBe(branch.id);

    const token = await ctx.factory.token(lm);
    const dayOf = async (who: MadeEmployee) => {
      const res = await individual(token, who.id, '2025-06-09', '2025-06-11');
      expect(res.statusCode, res.body).toBe(200);
      const report = res.json() as { rows: Day[]; totals: { working_days: number } };
      const day = report.rows.find((d) => d.date === '2025-06-10')!;
      return { holiday: day.holiday, working: day.working, workingDays: report.totals.working_days };
    };
    expect(await dayOf(inBranch)).toEqual({ holiday: true, working: false, workingDays: 2 });
    expect(await dayOf(atMain)).toEqual({ holiday: false, working: true, workingDays: 3 });
    expect(await dayOf(noOffice)).toEqual({ holiday: false, working: true, workingDays: 3 });

    // The summary makes each person's days with their own holidays.
    const summary = await get(`${BASE}/summary?from_date=2025-06-09&to_date=2025-06-11&scope=team`, token);
    expect(summary.statusCode, summary.body).toBe(200);
    const workingDays = Object.fromEntries(
      (summary.json().rows as { employee: { eid: string }; working_days: number }[]).map((r) => [
        r.employee.eid,
        r.working_days,
      ]),
    );
    expect(workingDays).toMatchObject({ [inBranch.eid]: 2, [atMain.eid]: 3, [noOffice.eid]: 3 });

    // The profile calendar lists the holiday for the branch's people only.
    const calendarNames = async (who: MadeEmployee) =>
      (
        (await get(`${BASE}/calendar?employee_id=${who.id}&month=2025-06`, token)).json() as {
          holidays: { name: string }[];
        }
      ).holidays.map((h) => h.name);
    expect(await calendarNames(inBranch)).toContain('Branch day off');
    expect(await calendarNames(atMain)).not.toContain('Branch day off');
    expect(await calendarNames(noOffice)).not.toContain('Branch day off');
  });
});

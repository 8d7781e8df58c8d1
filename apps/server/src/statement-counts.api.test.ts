import { beforeAll, describe, expect, it } from 'vitest';
import { addPunches, assignShift, makeShift } from '../test/factories/attendance';
import { tag } from '../test/factories/directory';
import { approvedSheet, setEprStatus } from '../test/factories/epr';
import { objectiveRows } from '../test/factories/kpi';
import { examAndSubject, lookupId } from '../test/factories/profile';
import { type MadeEmployee, setupApi, statementsDuring, type TestContext } from '../test/helper';
import {
  achievements,
  activities,
  assetAssignments,
  assets,
  auditLog,
  comments,
  educations,
  employeeContacts,
  employeeFiles,
  employeeGroups,
  employees,
  employmentHistories,
  eprDevPlans,
  eprLineEvidence,
  eprs,
  familyMembers,
  files,
  groups,
  groupTrees,
  holidays,
  kpis,
  languages,
  leaves,
  leaveTypes,
  lookupValues,
  punches,
  remoteWorks,
  separations,
  serviceRequests,
  skills,
  trainings,
  workflowStatuses,
} from './db/schema';

/**
 * Every read call of the portal sends a fixed number of statements, however
 * much it answers: a page of 10 or of 50, a team of 2 or of 60, a sheet of 2
 * KPIs or of 25, a report of 1 day or of 31. Each case is measured on the
 * second call of its URL (the first prepares the statements), small then big.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await setupApi();
});

// biome-ignore lint/suspicious/noExplicitAny: the answers of many endpoints, read field by field
type Body = any;

interface Measured {
  url: string;
  count: number;
  sent: string[];
  body: Body;
}

/** The statements of one read call (GET, or POST with a body), sent the second time, its status checked. */
async function measure(url: string, token: string, payload?: object): Promise<Measured> {
  const request = {
    method: payload === undefined ? ('GET' as const) : ('POST' as const),
    url: `/api/v1/${url}`,
    token,
    ...(payload === undefined ? {} : { payload }),
  };
  const first = await ctx.call(request);
  expect(first.statusCode, `${url}: ${first.body.slice(0, 300)}`).toBe(200);
  let body: Body = null;
  const sent = await statementsDuring(ctx, async () => {
    const res = await ctx.call(request);
    expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(200);
    body = res.json();
  });
  return { url, count: sent.length, sent, body };
}

const listing = (m: Measured) => m.sent.map((s, i) => `  ${i + 1}. ${s.replace(/\s+/g, ' ').slice(0, 240)}`);

/** The big case sends as many statements as the small one (the statements of both in the message). */
function expectConstant(name: string, small: Measured, big: Measured) {
  expect(
    big.count,
    [
      `${name}: ${small.count} vs ${big.count}`,
      `small (${small.url}):`,
      ...listing(small),
      `big (${big.url}):`,
      ...listing(big),
    ].join('\n'),
  ).toBe(small.count);
}

type Approvers = { employeeId: number; lineManagerId: number | null; oneOverOneId: number | null };
const approversOf = (c: { oo: MadeEmployee; lm: MadeEmployee; employee: MadeEmployee }): Approvers => ({
  employeeId: c.employee.id,
  lineManagerId: c.lm.id,
  oneOverOneId: c.oo.id,
});

/** `n` employees under `parentId`, in one statement, without accounts of their own. */
async function staff(parentId: number | null, n: number, name: string) {
  if (n === 0) return [];
  const { companyId, officeId, designationId } = await ctx.factory.company();
  return ctx.db
    .insert(employees)
    .values(
      Array.from({ length: n }, (_, i) => {
        const eid = ctx.factory.nextEid();
        return {
          eid,
          name: `${name} ${String(i + 1).padStart(2, '0')}`,
          mobile: '01712345678',
          email: `${eid.toLowerCase()}@portal.test`,
          companyId,
          officeId,
          designationId,
          parentId,
        };
      }),
    )
    .returning({ id: employees.id });
}

/** Day `i` (0-based) of 2027 from 4 January on, as YYYY-MM-DD: distinct dates for requests. */
const day2027 = (i: number) => new Date(Date.UTC(2027, 0, 4 + i)).toISOString().slice(0, 10);

/** `n` reviews of an employee (each of its own approved sheet), in two statements. */
async function reviews(people: Approvers, n: number, statusId = 1) {
  const sheets = await ctx.db
    .insert(kpis)
    .values(
      Array.from({ length: n }, (_, i) => ({
        ...people,
        createdById: people.employeeId,
        typeId: 2,
        name: `Plan ${i + 1}`,
        fromDate: '2031-01-01',
        toDate: '2031-12-31',
        statusId: 4,
        firstSubmittedAt: new Date(),
      })),
    )
    .returning({ id: kpis.id });
  await ctx.db.insert(eprs).values(
    sheets.map((s, i) => ({
      ...people,
      createdById: people.employeeId,
      kpiId: s.id,
      typeId: 2,
      name: `Review ${i + 1}`,
      fromDate: '2031-01-01',
      toDate: '2031-06-30',
      statusId,
    })),
  );
}

/** A stored file (a profile document or an evidence image) of a few bytes. */
async function storedFiles(n: number, kind: string, createdBy: number) {
  return ctx.db
    .insert(files)
    .values(
      Array.from({ length: n }, (_, i) => ({
        kind,
        name: `file-${i + 1}.png`,
        mime: 'image/png',
        size: 4,
        data: Buffer.from([1, 2, 3, 4]),
        createdBy,
      })),
    )
    .returning({ id: files.id });
}

describe('statements per read call stay constant as the data grows', () => {
  it('GET employees/team: a line manager with 2 reports (limit 10) and with 60 (limit 50)', async () => {
    const small = await ctx.factory.chain();
    await staff(small.lm.id, 1, `Small report ${tag()}`);
    const big = await ctx.factory.chain();
    const bigReports = await staff(big.lm.id, 59, `Big report ${tag()}`);
    await staff(bigReports[0]!.id, 10, `Big indirect ${tag()}`);

    const few = await measure('employees/team?limit=10', await ctx.factory.token(small.lm));
    const many = await measure('employees/team?limit=50', await ctx.factory.token(big.lm));
    expect(few.body.total).toBe(3);
    expect(many.body.items).toHaveLength(50);
    expect(many.body.total).toBe(71);
    expectConstant('employees/team', few, many);
    // One's own team: the session (which reads one's line manager) and the page.
    expect(few.count, listing(few).join('\n')).toBe(2);
  });

  it('POST employees/search?query=: 2 matches (limit 10) and 60 (limit 50)', async () => {
    const fewText = tag('fw');
    const manyText = tag('mn');
    await staff(null, 2, `Person ${fewText}`);
    await staff(null, 60, `Person ${manyText}`);
    const token = await ctx.factory.token(await ctx.factory.employee());

    const few = await measure(`employees/search?query=${fewText}&limit=10`, token, {});
    const many = await measure(`employees/search?query=${manyText}&limit=50`, token, {});
    expect(few.body.total).toBe(2);
    expect(many.body.items).toHaveLength(50);
    expect(many.body.total).toBe(60);
    expectConstant('employees/search', few, many);
  });

  describe('profile', () => {
    /** Every list of a profile, `n` rows each (and a separation when `n` > 1). */
    async function fill(employeeId: number, n: number) {
      const rows = <T>(make: (i: number) => T) => Array.from({ length: n }, (_, i) => make(i));
      const { examId, subjectId, typeId } = await examAndSubject(ctx.db);
      const year = await lookupId(ctx.db, 'duration_unit', 'Year');
      const fluent = await lookupId(ctx.db, 'language_proficiency', 'Fluent');
      await ctx.db
        .insert(familyMembers)
        .values(rows((i) => ({ employeeId, name: `Member ${i}`, relation: 'Sibling' })));
      await ctx.db.insert(employeeContacts).values([
        ...rows((i) => ({
          employeeId,
          type: 'contact' as const,
          name: `Contact ${i}`,
          emergency: i === 0,
        })),
        ...rows((i) => ({ employeeId, type: 'reference' as const, name: `Reference ${i}` })),
      ]);
      await ctx.db.insert(employmentHistories).values(
        rows((i) => ({
          employeeId,
          company: `Company ${i}`,
          designation: 'Officer',
          fromDate: `20${String(i % 20).padStart(2, '0')}-01-01`,
        })),
      );
      await ctx.db.insert(achievements).values(rows((i) => ({ employeeId, name: `Award ${i}` })));
      await ctx.db.insert(trainings).values(rows((i) => ({ employeeId, name: `Course ${i}` })));
      await ctx.db
        .insert(skills)
        .values(rows((i) => ({ employeeId, name: `Skill ${i}`, efficiency: 1 + (i % 5) })));
      await ctx.db.insert(educations).values(
        rows((i) => ({
          employeeId,
          institute: `Institute ${i}`,
          examId,
          typeId,
          passingYear: 2000 + i,
          duration: 4,
          durationUnitId: year,
          subjectId,
          certificateNo: `C-${i}`,
          result: 'First class',
        })),
      );
      await ctx.db.insert(languages).values(
        rows((i) => ({
          employeeId,
          name: `Language ${i}`,
          writingId: fluent,
          readingId: fluent,
          speakingId: fluent,
        })),
      );
      const made = await ctx.db
        .insert(assets)
        .values(rows((i) => ({ name: `Laptop ${i} ${tag()}`, code: tag('A-') })))
        .returning({ id: assets.id });
      await ctx.db.insert(assetAssignments).values(made.map((a) => ({ assetId: a.id, employeeId })));
      const stored = await storedFiles(n, 'document', employeeId);
      await ctx.db
        .insert(employeeFiles)
        .values(stored.map((f, i) => ({ employeeId, name: `Document ${i}`, fileId: f.id })));
      const madeGroups = await ctx.db
        .insert(groups)
        .values(rows(() => ({ name: tag('Group ') })))
        .returning({ id: groups.id });
      const trees = await ctx.db
        .insert(groupTrees)
        .values(madeGroups.map((g) => ({ groupId: g.id, name: 'Item' })))
        .returning({ id: groupTrees.id });
      await ctx.db.insert(employeeGroups).values(trees.map((t) => ({ employeeId, groupTreeId: t.id })));
      if (n > 1) await ctx.db.insert(separations).values({ employeeId, resignDate: '2026-01-15' });
    }

    it('GET employees/:id: one row in each list of the profile, and 20 in each', async () => {
      const small = await ctx.factory.employee();
      const big = await ctx.factory.employee();
      await fill(small.id, 1);
      await fill(big.id, 20);
      const few = await measure(`employees/${small.id}`, await ctx.factory.token(small));
      const many = await measure(`employees/${big.id}`, await ctx.factory.token(big));
      for (const list of [
        'references',
        'contacts',
        'histories',
        'educations',
        'languages',
        'assets',
        'files',
      ])
        expect([list, many.body[list].length]).toEqual([list, 20]);
      expect(many.body.family.members).toHaveLength(20);
      expect(many.body.groups).toHaveLength(20);
      expect(few.body.educations).toHaveLength(1);
      expectConstant('employees/:id', few, many);
    });

    it('GET employees/:id/files: 1 document and 30', async () => {
      const small = await ctx.factory.employee();
      const big = await ctx.factory.employee();
      for (const [who, n] of [
        [small, 1],
        [big, 30],
      ] as const) {
        const stored = await storedFiles(n, 'document', who.id);
        await ctx.db
          .insert(employeeFiles)
          .values(stored.map((f, i) => ({ employeeId: who.id, name: `Document ${i}`, fileId: f.id })));
      }
      const few = await measure(`employees/${small.id}/files`, await ctx.factory.token(small));
      const many = await measure(`employees/${big.id}/files`, await ctx.factory.token(big));
      expect([few.body.length, many.body.length]).toEqual([1, 30]);
      expectConstant('employees/:id/files', few, many);
    });

    it('GET employees/:id/changes: 2 changes (limit 10) and 60 (limit 50), by signed-in and impersonating actors', async () => {
      const actor = await ctx.factory.employee({ admin: true });
      const small = await ctx.factory.employee();
      const big = await ctx.factory.employee();
      for (const [who, n] of [
        [small, 2],
        [big, 60],
      ] as const) {
        await ctx.db.insert(auditLog).values(
          Array.from({ length: n }, (_, i) => ({
            actorUserId: actor.userId,
            actorEmployeeId: actor.id,
            impersonatorUserId: i % 3 === 0 ? actor.userId : null,
            action: 'general_update',
            entity: 'employee',
            entityId: who.id,
            data: {
              section: 'general',
              changes: { nationality: { before: `Before ${i}`, after: `After ${i}` } },
              fields: ['nationality'],
            },
          })),
        );
      }
      const few = await measure(`employees/${small.id}/changes?limit=10`, await ctx.factory.token(small));
      const many = await measure(`employees/${big.id}/changes?limit=50`, await ctx.factory.token(big));
      expect([few.body.total, many.body.total, many.body.items.length]).toEqual([2, 60, 50]);
      expectConstant('employees/:id/changes', few, many);
    });

    it('GET employee/activities: 2 activities (limit 10) and 60 (limit 50)', async () => {
      const small = await ctx.factory.employee();
      const big = await ctx.factory.employee();
      for (const [who, n] of [
        [small, 2],
        [big, 60],
      ] as const) {
        await ctx.db.insert(activities).values(
          Array.from({ length: n }, (_, i) => ({
            employeeId: who.id,
            category: 'Attendance',
            type: i % 2 ? 'Check-out' : 'Check-in',
            address: 'Gulshan 1, Dhaka',
            latitude: 23.78,
            longitude: 90.41,
            createdAt: new Date(Date.UTC(2026, 0, 1, 9, i)),
          })),
        );
      }
      const few = await measure('employee/activities?limit=10', await ctx.factory.token(small));
      const many = await measure('employee/activities?limit=50', await ctx.factory.token(big));
      expect([few.body.total, many.body.total, many.body.items.length]).toEqual([2, 60, 50]);
      expectConstant('employee/activities', few, many);
    });
  });

  it('GET dashboard: a line manager with 1 pending request per module and with 20', async () => {
    const counts: Measured[] = [];
    for (const n of [1, 20]) {
      const c = await ctx.factory.chain();
      const people = approversOf(c);
      const rows = <T>(make: (i: number) => T) => Array.from({ length: n }, (_, i) => make(i));
      await ctx.db.insert(leaves).values(
        rows((i) => ({
          ...people,
          responsibleId: c.lm.id,
          typeId: 1,
          leaveFormat: 1,
          fromDate: day2027(i),
          toDate: day2027(i),
          days: 1,
          leaveAddress: 'Home',
          statusId: 2,
        })),
      );
      await ctx.db
        .insert(remoteWorks)
        .values(
          rows((i) => ({ ...people, typeId: 2, fromDate: day2027(i), toDate: day2027(i), statusId: 2 })),
        );
      await ctx.db.insert(serviceRequests).values(
        rows((i) => ({
          ...people,
          createdBy: c.employee.id,
          category: 'salary_certificate',
          description: 'For the bank',
          issueDate: day2027(i),
          statusId: 2,
        })),
      );
      await ctx.db.insert(kpis).values(
        rows((i) => ({
          ...people,
          typeId: 2,
          name: `Plan ${i}`,
          fromDate: day2027(i),
          toDate: day2027(i),
          statusId: 2,
        })),
      );
      await reviews(people, n, 2);
      counts.push(await measure('dashboard', await ctx.factory.token(c.lm)));
    }
    const [few, many] = counts as [Measured, Measured];
    const waiting = (m: Measured) => m.body.waiting.map((w: { count: number }) => w.count);
    expect(waiting(few)).toEqual([1, 1, 1, 1, 1]);
    expect(waiting(many)).toEqual([20, 20, 20, 20, 20]);
    expectConstant('dashboard', few, many);
    // The session and one statement: the approvals inbox's counts are read inside the dashboard's own.
    expect(many.count, listing(many).join('\n')).toBeLessThanOrEqual(2);
  });

  it('GET kpis/:id: a sheet of 2 KPIs and one of 25 (5 objectives of 5), with comments', async () => {
    const c = await ctx.factory.chain();
    const people = approversOf(c);
    const small = await approvedSheet(ctx.db, people, {
      objectives: [
        {
          weight: 100,
          lines: [
            { weight: 50, target: 10 },
            { weight: 50, target: 20 },
          ],
        },
      ],
    });
    const big = await approvedSheet(ctx.db, people, {
      objectives: Array.from({ length: 5 }, () => ({
        weight: 20,
        lines: Array.from({ length: 5 }, (_, j) => ({ weight: 20, target: 10 * (j + 1) })),
      })),
    });
    const thread = (threadKind: string, threadId: number) => ({
      threadKind,
      threadId,
      rootKind: 'kpi',
      rootId: big.sheet.id,
      employeeId: c.lm.id,
      body: 'Please look again',
    });
    await ctx.db
      .insert(comments)
      .values([
        ...(await objectiveRows(ctx.db, big.sheet.id)).map((o) => thread('kpi_objective', o.id)),
        ...big.objectiveKpis.map((id) => thread('kpi_objective_kpi', id)),
      ]);

    const token = await ctx.factory.token(c.employee);
    const few = await measure(`kpis/${small.sheet.id}`, token);
    const many = await measure(`kpis/${big.sheet.id}`, token);
    const kpisOf = (m: Measured) => m.body.objectives.flatMap((o: { kpis: unknown[] }) => o.kpis).length;
    expect([kpisOf(few), kpisOf(many)]).toEqual([2, 25]);
    expectConstant('kpis/:id', few, many);
  });

  describe('EPR', () => {
    it('GET eprs?list_type=self: 2 reviews (limit 10) and 60 (limit 50)', async () => {
      const small = await ctx.factory.chain();
      const big = await ctx.factory.chain();
      await reviews(approversOf(small), 2);
      await reviews(approversOf(big), 60);
      const few = await measure('eprs?list_type=self&limit=10', await ctx.factory.token(small.employee));
      const many = await measure('eprs?list_type=self&limit=50', await ctx.factory.token(big.employee));
      expect([few.body.total, many.body.total, many.body.items.length]).toEqual([2, 60, 50]);
      expectConstant('eprs?list_type=self', few, many);
    });

    it('GET eprs?list_type=team: a line manager with 2 reviews to read (limit 10) and with 60 (limit 50)', async () => {
      const small = await ctx.factory.chain();
      const big = await ctx.factory.chain();
      await reviews(approversOf(small), 2, 2);
      // Reviews of several reports of the big line manager.
      const others = await staff(big.lm.id, 3, `Reviewed ${tag()}`);
      await reviews(approversOf(big), 30, 2);
      for (const o of others) await reviews({ ...approversOf(big), employeeId: o.id }, 10, 2);
      const few = await measure('eprs?list_type=team&limit=10', await ctx.factory.token(small.lm));
      const many = await measure('eprs?list_type=team&limit=50', await ctx.factory.token(big.lm));
      expect([few.body.total, many.body.total, many.body.items.length]).toEqual([2, 60, 50]);
      expectConstant('eprs?list_type=team', few, many);
    });

    it('GET eprs/:id: a review of 2 KPIs and one of 25 with 20 development plans and evidence on each line', async () => {
      const made: Measured[] = [];
      for (const size of ['small', 'big'] as const) {
        const c = await ctx.factory.chain();
        const objectives =
          size === 'small'
            ? [
                {
                  weight: 100,
                  lines: [
                    { weight: 50, target: 10 },
                    { weight: 50, target: 20 },
                  ],
                },
              ]
            : Array.from({ length: 5 }, () => ({
                weight: 20,
                lines: Array.from({ length: 5 }, () => ({ weight: 20, target: 10 })),
              }));
        const { sheet } = await approvedSheet(ctx.db, approversOf(c), { objectives });
        const token = await ctx.factory.token(c.employee);
        const res = await ctx.call({
          method: 'POST',
          url: '/api/v1/eprs',
          token,
          payload: { kpi_id: sheet.id, type_id: 2, from_date: '2031-01-01', to_date: '2031-06-30' },
        });
        expect(res.statusCode, res.body).toBe(201);
        const review = res.json() as { id: number; section_a: { objectives: { lines: { id: number }[] }[] } };
        if (size === 'big') {
          await ctx.db.insert(eprDevPlans).values(
            Array.from({ length: 20 }, (_, i) => ({
              eprId: review.id,
              devArea: `Area ${i}`,
              actionPlan: 'Course and practice',
              when: 'Next quarter',
              who: 'Line manager',
            })),
          );
          const lines = review.section_a.objectives.flatMap((o) => o.lines);
          const images = await storedFiles(lines.length * 2, 'epr_evidence', c.employee.id);
          await ctx.db
            .insert(eprLineEvidence)
            .values(images.map((f, i) => ({ lineId: lines[i % lines.length]!.id, fileId: f.id })));
        }
        // With the O&O: the employee reads both sides, the line manager's development plan too.
        await setEprStatus(ctx.db, review.id, 3);
        made.push(await measure(`eprs/${review.id}`, token));
      }
      const [few, many] = made as [Measured, Measured];
      const linesOf = (m: Measured) =>
        m.body.section_a.objectives.flatMap((o: { lines: { evidence: unknown[] }[] }) => o.lines);
      expect([linesOf(few).length, linesOf(many).length]).toEqual([2, 25]);
      expect(linesOf(many)[0].evidence).toHaveLength(2);
      expect(many.body.section_d.dev_plans).toHaveLength(20);
      expectConstant('eprs/:id', few, many);
    });
  });

  describe('attendance reports', () => {
    /** Punches at 09:xx and 18:00 on each of the dates. */
    const punchesOn = (dates: string[]) =>
      dates.flatMap((d, i) => [`${d} 09:${String(i % 60).padStart(2, '0')}`, `${d} 18:00`]);
    const daysOf = (month: string, n: number) =>
      Array.from({ length: n }, (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`);

    /** A month of everything a day is made of: punches, shifts that change, leave, remote work, holidays. */
    async function busyMonth(employeeId: number, month: string) {
      await addPunches(ctx.db, employeeId, punchesOn(daysOf(month, 28)));
      for (const [from, start] of [
        ['01', '09:00'],
        ['10', '10:00'],
        ['20', '08:00'],
      ] as const) {
        const shift = await makeShift(ctx.db, { start, end: '17:00', grace: 10 });
        await assignShift(ctx.db, employeeId, shift.id, `${month}-${from}`);
      }
      await ctx.db.insert(leaves).values(
        ['05', '12', '19'].map((d) => ({
          employeeId,
          typeId: 1,
          leaveFormat: 1,
          fromDate: `${month}-${d}`,
          toDate: `${month}-${d}`,
          days: 1,
          leaveAddress: 'Home',
          statusId: 3,
        })),
      );
      await ctx.db.insert(remoteWorks).values(
        ['06', '13', '20'].map((d) => ({
          employeeId,
          typeId: 2,
          fromDate: `${month}-${d}`,
          toDate: `${month}-${d}`,
          statusId: 3,
        })),
      );
      await ctx.db.insert(holidays).values(
        ['15', '16', '25'].map((d) => ({
          name: `Holiday ${d}`,
          fromDate: `${month}-${d}`,
          toDate: `${month}-${d}`,
        })),
      );
    }

    it('GET report/attendance/individual: 1 day and 31 days, with punches', async () => {
      const small = await ctx.factory.employee();
      const big = await ctx.factory.employee();
      await addPunches(ctx.db, small.id, punchesOn(['2025-05-06']));
      await busyMonth(big.id, '2025-05');
      const url = (who: MadeEmployee, from: string, to: string) =>
        `report/attendance/individual?employee_id=${who.id}&from_date=${from}&to_date=${to}&response_type=json`;
      const few = await measure(url(small, '2025-05-06', '2025-05-06'), await ctx.factory.token(small));
      const many = await measure(url(big, '2025-05-01', '2025-05-31'), await ctx.factory.token(big));
      expect([few.body.rows.length, many.body.rows.length]).toEqual([1, 31]);
      expect(many.body.totals.present).toBeGreaterThan(10);
      expectConstant('report/attendance/individual', few, many);
    });

    it('GET report/attendance/summary: a team of 2 and of 30, with punches', async () => {
      const dates = daysOf('2025-08', 10);
      const counts: Measured[] = [];
      for (const n of [2, 30]) {
        const lm = await ctx.factory.employee();
        const team = await staff(lm.id, n, `Summary ${tag()}`);
        await ctx.db.insert(punches).values(
          team.flatMap((e) =>
            punchesOn(dates).map((at) => ({
              employeeId: e.id,
              at: `${at}:00`,
              deviceCode: 'GATE-1',
              source: 'device',
            })),
          ),
        );
        counts.push(
          await measure(
            'report/attendance/summary?from_date=2025-08-01&to_date=2025-08-31&response_type=json',
            await ctx.factory.token(lm),
          ),
        );
      }
      const [few, many] = counts as [Measured, Measured];
      expect([few.body.rows.length, many.body.rows.length]).toEqual([2, 30]);
      expectConstant('report/attendance/summary', few, many);
    });

    it('GET report/attendance/calendar: a quiet month and a busy one', async () => {
      const small = await ctx.factory.employee();
      const big = await ctx.factory.employee();
      await addPunches(ctx.db, small.id, punchesOn(['2025-10-02']));
      await busyMonth(big.id, '2025-10');
      const punched = (m: Measured) =>
        m.body.days.filter((d: { punch_in: string | null }) => d.punch_in).length;
      const few = await measure(
        `report/attendance/calendar?employee_id=${small.id}&month=2025-10`,
        await ctx.factory.token(small),
      );
      const many = await measure(
        `report/attendance/calendar?employee_id=${big.id}&month=2025-10`,
        await ctx.factory.token(big),
      );
      expect(punched(few)).toBe(1);
      expect(punched(many)).toBeGreaterThan(20);
      expectConstant('report/attendance/calendar', few, many);
    });
  });

  describe('reference data', () => {
    it('GET lookups: before and after 60 more values of a list', async () => {
      const token = await ctx.factory.token(await ctx.factory.employee());
      const few = await measure('lookups', token);
      await ctx.db
        .insert(lookupValues)
        .values(Array.from({ length: 60 }, (_, i) => ({ kind: 'group_type', name: `Kind ${tag()} ${i}` })));
      const many = await measure('lookups', token);
      const size = (m: Measured) => Object.values(m.body as Record<string, unknown[]>).flat().length;
      expect(size(many)).toBe(size(few) + 60);
      expectConstant('lookups', few, many);
    });

    it('GET lookups/:kind: a list of few values and one of 60 more', async () => {
      const token = await ctx.factory.token(await ctx.factory.employee());
      const few = await measure('lookups/separation-modes', token);
      await ctx.db
        .insert(lookupValues)
        .values(
          Array.from({ length: 60 }, (_, i) => ({ kind: 'separation_mode', name: `Mode ${tag()} ${i}` })),
        );
      const many = await measure('lookups/separation-modes', token);
      expect(many.body.length).toBe(few.body.length + 60);
      expectConstant('lookups/:kind', few, many);
    });

    it('GET leave/balances: no leave taken, and 40 leave requests over the year with 10 more leave types', async () => {
      const small = await ctx.factory.employee();
      const big = await ctx.factory.chain();
      const few = await measure('leave/balances?year=2027', await ctx.factory.token(small));
      const types = await ctx.db
        .insert(leaveTypes)
        .values(Array.from({ length: 10 }, (_, i) => ({ name: `Leave ${tag()} ${i}`, days: 10 })))
        .returning({ id: leaveTypes.id });
      // Types that apply to anyone (Maternity Leave, 4, applies to women only).
      const typeIds = [1, 2, 3, ...types.map((t) => t.id)];
      await ctx.db.insert(leaves).values(
        Array.from({ length: 40 }, (_, i) => ({
          ...approversOf(big),
          typeId: typeIds[i % typeIds.length]!,
          leaveFormat: 1,
          fromDate: day2027(i * 2),
          toDate: day2027(i * 2),
          days: 1,
          leaveAddress: 'Home',
          statusId: i % 2 ? 2 : 3,
        })),
      );
      const many = await measure('leave/balances?year=2027', await ctx.factory.token(big.employee));
      const used = (m: Measured) =>
        m.body.items.reduce(
          (sum: number, b: { taken: number; pending: number }) => sum + b.taken + b.pending,
          0,
        );
      expect(many.body.items.length).toBe(few.body.items.length + 10);
      expect([used(few), used(many)]).toEqual([0, 40]);
      expectConstant('leave/balances', few, many);
    });

    it('GET statuses/:module: before and after 40 more statuses of a module', async () => {
      const token = await ctx.factory.token(await ctx.factory.employee());
      const few = await measure('statuses/remote_work', token);
      await ctx.db.insert(workflowStatuses).values(
        Array.from({ length: 40 }, (_, i) => ({
          module: 'remote_work',
          id: 100 + i,
          name: `Stage ${i}`,
          color: '#0f766e',
        })),
      );
      const many = await measure('statuses/remote_work', token);
      expect(many.body.length).toBe(few.body.length + 40);
      expectConstant('statuses/:module', few, many);
    });
  });
});

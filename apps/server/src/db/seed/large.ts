import { and, count, eq, isNotNull, isNull, like, sql } from 'drizzle-orm';
import { hashPassword } from '../../lib/passwords';
import type { Db } from '../client';
import {
  companies,
  designations,
  employees,
  examSubjects,
  exams,
  groups,
  groupTrees,
  lookupValues,
  offices,
  users,
} from '../schema';
import { DEMO_PASSWORD } from './demo-accounts';
import { seedLargeCompensation } from './large-compensation';
import { withNames } from './reference-names';

const FIRST = ['Abdul', 'Ayesha', 'Babul', 'Chandni', 'Delwar', 'Eshita', 'Faruk', 'Ghazala', 'Hasan', 'Ira'];
const LAST = [
  'Ahmed',
  'Akter',
  'Bhuiyan',
  'Chowdhury',
  'Hossain',
  'Islam',
  'Khatun',
  'Mondal',
  'Rahman',
  'Siddique',
];

/**
 * Adds employees (E-IDs L00001...) until the data set holds `target` of them:
 * heads of department under the managing director (one per 500 employees),
 * 20 line managers under each head, the rest spread evenly below the
 * managers (about 24 each). A bigger company has more departments, not
 * bigger teams: on 10,000 employees 20 heads and 400 managers, on 100,000
 * 200 and 4,000. Every employee gets a user (password demo123).
 */
export async function seedLarge(
  db: Db,
  target: number,
  log: (msg: string) => void = () => {},
): Promise<number> {
  const [have] = await db.select({ n: count() }).from(employees).where(like(employees.eid, 'L%'));
  if ((have?.n ?? 0) > 0) {
    log(`The large data set is already there (${have?.n} employees).`);
    await fillLargeDirectory(db, log);
    return 0;
  }
  const [totalRow] = await db.select({ n: count() }).from(employees);
  const toMake = Math.max(0, target - (totalRow?.n ?? 0));
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const [md] = await db.select({ id: employees.id }).from(employees).where(eq(employees.eid, '1000'));
  const companyRows = await db.select({ id: companies.id }).from(companies);
  const officeRows = await db.select({ id: offices.id, companyId: offices.companyId }).from(offices);
  const designationIds = new Map<string, number>();
  for (const name of ['Head of Department', 'Line Manager', 'Associate']) {
    await db
      .insert(designations)
      .values(withNames([{ name }]))
      .onConflictDoNothing();
    const [d] = await db
      .select({ id: designations.id })
      .from(designations)
      .where(eq(designations.name, name));
    designationIds.set(name, d!.id);
  }

  const heads = Math.min(toMake, Math.max(1, Math.round(toMake / 500)));
  const managers = Math.min(heads * 20, Math.max(0, toMake - heads));
  let made = 0;
  const levelIds: number[][] = [[], []];

  async function batch(from: number, to: number, role: 'head' | 'manager' | 'associate') {
    const rows: (typeof employees.$inferInsert)[] = [];
    for (let i = from; i < to; i++) {
      const office = officeRows[i % officeRows.length]!;
      const parent =
        role === 'head'
          ? (md?.id ?? null)
          : role === 'manager'
            ? levelIds[0]![i % levelIds[0]!.length]!
            : levelIds[1]![i % levelIds[1]!.length]!;
      rows.push({
        eid: `L${String(i + 1).padStart(5, '0')}`,
        name: `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]} ${i + 1}`,
        mobile: `018${String(i + 1).padStart(8, '0')}`,
        email: `l${i + 1}@large.example`,
        bloodGroup: ['A+', 'B+', 'O+', 'AB+'][i % 4]!,
        companyId: office.companyId ?? companyRows[0]!.id,
        officeId: office.id,
        designationId: designationIds.get(
          role === 'head' ? 'Head of Department' : role === 'manager' ? 'Line Manager' : 'Associate',
        )!,
        parentId: parent,
      });
    }
    for (let k = 0; k < rows.length; k += 1000) {
      await db.transaction(async (tx) => {
        const inserted = await tx
          .insert(employees)
          .values(rows.slice(k, k + 1000))
          .returning({ id: employees.id, eid: employees.eid });
        await tx
          .insert(users)
          .values(inserted.map((e) => ({ employeeId: e.id, username: e.eid, passwordHash, isAdmin: false })));
        if (role === 'head') levelIds[0]!.push(...inserted.map((e) => e.id));
        if (role === 'manager') levelIds[1]!.push(...inserted.map((e) => e.id));
        made += inserted.length;
      });
      log(`  ${made} / ${toMake} employees`);
    }
  }

  await batch(0, heads, 'head');
  await batch(heads, heads + managers, 'manager');
  await batch(heads + managers, toMake, 'associate');
  await fillLargeDirectory(db, log);
  return made;
}

/** A literal integer array of ids read from the database (never user input). */
const intArray = (ids: number[]) => sql.raw(`array[${ids.map((n) => Math.trunc(n)).join(',')}]::int[]`);

/**
 * Gives the large data set's employees what the directory search filters on
 * (gender, religion, marital and employment status, level, grade, blood
 * group, date of birth, joining and confirmation dates, department, an
 * education, a few separations), spread evenly by E-ID number. A handful of
 * set-based statements, so it takes seconds; it runs once, and also on a
 * data set made before these fields were filled.
 */
export async function fillLargeDirectory(db: Db, log: (msg: string) => void = () => {}): Promise<void> {
  await seedLargeCompensation(db, log);
  const [todo] = await db
    .select({ n: count() })
    .from(employees)
    .where(and(like(employees.eid, 'L%'), isNull(employees.genderId)));
  if (!todo?.n) return;
  const started = Date.now();

  const lookupIds = async (kind: string) =>
    (
      await db
        .select({ id: lookupValues.id })
        .from(lookupValues)
        .where(eq(lookupValues.kind, kind))
        .orderBy(lookupValues.sortOrder, lookupValues.id)
    ).map((r) => r.id);
  const kinds = [
    'gender',
    'religion',
    'marital_status',
    'employee_status',
    'level',
    'grade',
    'separation_type',
    'separation_status',
    'duration_unit',
  ];
  const ids: number[][] = [];
  for (const kind of kinds) ids.push(await lookupIds(kind));
  const [genders, religions, maritals, statuses, levels, grades, sepTypes, sepStatuses, units] = ids;
  if (!genders?.length || !units?.length) {
    log('  reference data is missing; directory fields left empty');
    return;
  }
  // A hash of the E-ID and the field's name spreads the values evenly and independently of each other.
  const spread = (salt: string, size: number) =>
    sql`((hashtext(eid || ${sql.raw(`':${salt}'`)})::bigint + 2147483648) % ${sql.raw(String(size))})`;
  const pick = (ids: number[], salt: string) => sql`(${intArray(ids)})[1 + ${spread(salt, ids.length)}]`;
  await db.execute(sql`
    update employees set
      gender_id = ${pick(genders.slice(0, 2), 'gender')},
      religion_id = ${pick(religions!, 'religion')},
      marital_status_id = ${pick(maritals!, 'marital')},
      status_id = ${pick(statuses!, 'status')},
      level_id = ${pick(levels!, 'level')},
      grade_id = ${pick(grades!, 'grade')},
      blood_group = (array['A+','A-','B+','B-','O+','O-','AB+','AB-'])[1 + ${spread('blood', 8)}],
      dob = (current_date - make_interval(years => 22 + ${spread('age', 40)}::int, days => ${spread('born', 365)}::int))::date,
      joining_date = (current_date - make_interval(years => ${spread('service', 30)}::int, days => ${spread('joined', 365)}::int))::date
    where eid like 'L%' and gender_id is null`);
  await db.execute(sql`
    update employees set confirmation_date = (joining_date + interval '6 months')::date
    where eid like 'L%' and confirmation_date is null and ${spread('confirmed', 5)} <> 0
      and joining_date < current_date - interval '6 months'`);

  // Departments with teams below them: a type 1 group for the filters.
  const [departmentType] = await db
    .select({ id: lookupValues.id })
    .from(lookupValues)
    .where(and(eq(lookupValues.kind, 'group_type'), eq(lookupValues.name, 'Department')));
  await db
    .insert(groups)
    .values({ name: 'Large departments', typeId: departmentType?.id ?? null })
    .onConflictDoNothing();
  const [group] = await db.select({ id: groups.id }).from(groups).where(eq(groups.name, 'Large departments'));
  let teamIds = (
    await db
      .select({ id: groupTrees.id })
      .from(groupTrees)
      .where(and(eq(groupTrees.groupId, group!.id), isNotNull(groupTrees.parentId)))
      .orderBy(groupTrees.id)
  ).map((t) => t.id);
  if (teamIds.length === 0) {
    for (const department of ['Engineering', 'Operations', 'Sales', 'Finance', 'Support', 'Logistics']) {
      const [top] = await db.insert(groupTrees).values({ groupId: group!.id, name: department }).returning();
      const teams = await db
        .insert(groupTrees)
        .values(
          ['North', 'South', 'Central'].map((name) => ({
            groupId: group!.id,
            parentId: top!.id,
            name: `${department} ${name}`,
          })),
        )
        .returning({ id: groupTrees.id });
      teamIds = [...teamIds, ...teams.map((t) => t.id)];
    }
  }
  await db.execute(sql`
    insert into employee_groups (employee_id, group_tree_id)
    select id, ${pick(teamIds, 'team')} from employees e
    where eid like 'L%' and not exists (select 1 from employee_groups x where x.employee_id = e.id)`);

  // One education each (exam, its type and a subject of it), and a separation for one in fifty.
  const examRows = await db
    .select({
      examId: exams.id,
      typeId: exams.educationTypeId,
      subjectId: sql<number>`min(${examSubjects.id})`,
    })
    .from(exams)
    .innerJoin(examSubjects, eq(examSubjects.examId, exams.id))
    .groupBy(exams.id, exams.educationTypeId)
    .orderBy(exams.id);
  const usable = examRows.filter((e) => e.typeId !== null);
  if (usable.length > 0) {
    await db.execute(sql`
      insert into employee_educations
        (employee_id, institute, exam_id, type_id, passing_year, duration, duration_unit_id, subject_id, certificate_no, result)
      select id, 'National University', ${pick(
        usable.map((e) => e.examId),
        'exam',
      )}, ${pick(
        usable.map((e) => e.typeId!),
        'exam',
      )},
        2000 + ${spread('passed', 24)}, 4, ${units[0]!}, ${pick(
          usable.map((e) => Number(e.subjectId)),
          'exam',
        )}, 'NU-' || eid, 'First class'
      from employees e
      where eid like 'L%' and not exists (select 1 from employee_educations x where x.employee_id = e.id)`);
  }
  if (sepTypes?.length && sepStatuses?.length) {
    await db.execute(sql`
      insert into employee_separations (employee_id, resign_date, type_id, status_id)
      select id, (current_date - (${spread('resigned', 90)} || ' days')::interval)::date,
        ${pick(sepTypes, 'separation')}, ${pick(sepStatuses, 'separation status')}
      from employees where eid like 'L%' and ${spread('separated', 50)} = 0
      on conflict do nothing`);
  }
  log(`  directory fields filled in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

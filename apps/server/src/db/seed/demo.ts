import { and, count, eq } from 'drizzle-orm';
import { hashPassword } from '../../lib/passwords';
import type { Db } from '../client';
import {
  assetAssignments,
  assets,
  companies,
  designations,
  employeeGroups,
  employees,
  groups,
  groupTrees,
  lookupValues,
  offices,
  users,
} from '../schema';
import { DEMO_PASSWORD } from './demo-accounts';
import { seedDemoApprovals } from './demo-approvals';
import { seedDemoAttendance } from './demo-attendance';
import { seedDemoCompensation } from './demo-compensation';
import { seedDemoEprs } from './demo-epr';
import { seedDemoHrServices } from './demo-hr-services';
import { seedDemoKpis } from './demo-kpi';
import { seedDemoLeave } from './demo-leave';
import { seedDemoLeavePolicies } from './demo-leave-policies';
import { seedDemoOrganisation } from './demo-organisation';
import { seedDemoProfiles } from './demo-profiles';
import { seedDemoRemoteWork } from './demo-remote-work';
import { withNames } from './reference-names';

const FIRST = [
  'Arif',
  'Sadia',
  'Imran',
  'Nusrat',
  'Rafiq',
  'Tahmina',
  'Shakil',
  'Mithila',
  'Habib',
  'Rumana',
  'Jahid',
  'Sharmin',
  'Fahim',
  'Lamia',
  'Rezaul',
  'Sumaiya',
  'Kamrul',
  'Afsana',
  'Mehedi',
  'Jannat',
  'Sabbir',
  'Tania',
  'Nayeem',
  'Ishrat',
  'Rakib',
  'Moushumi',
  'Zahid',
  'Priya',
  'Shafiq',
  'Rehana',
];
const LAST = [
  'Islam',
  'Chowdhury',
  'Sarkar',
  'Uddin',
  'Khan',
  'Begum',
  'Haque',
  'Miah',
  'Sultana',
  'Biswas',
  'Das',
  'Roy',
];

interface Person {
  eid: string;
  name: string;
  designation: string;
  parent: string | null;
  company?: 'main' | 'logistics';
  office?: 'dhaka' | 'ctg' | 'sylhet';
  admin?: boolean;
  user?: boolean;
  enabled?: boolean;
}

/** The leadership and the four demo accounts; everyone else is generated below them. */
const LEADERS: Person[] = [
  { eid: '1000', name: 'Mahmudul Hasan', designation: 'Managing Director', parent: null },
  { eid: '1001', name: 'Nadia Rahman', designation: 'Head of HR', parent: '1000', admin: true },
  { eid: '1002', name: 'Karim Hossain', designation: 'Head of Engineering', parent: '1000' },
  { eid: '1003', name: 'Farhana Akter', designation: 'Engineering Manager', parent: '1002' },
  { eid: '1004', name: 'Tanvir Ahmed', designation: 'Software Engineer', parent: '1003' },
  { eid: '1005', name: 'Shahidul Alam', designation: 'Head of Operations', parent: '1000' },
  { eid: '1006', name: 'Rokeya Parvin', designation: 'Head of Finance', parent: '1000' },
  { eid: '1007', name: 'Anisur Rahman', designation: 'Head of Sales', parent: '1000', company: 'logistics' },
  { eid: '1008', name: 'Selina Hossain', designation: 'HR Manager', parent: '1001', admin: true },
  { eid: '1009', name: 'Masud Karim', designation: 'QA Manager', parent: '1002' },
  { eid: '1010', name: 'Jamal Uddin', designation: 'Operations Manager', parent: '1005', office: 'ctg' },
  { eid: '1011', name: 'Nasrin Jahan', designation: 'Finance Manager', parent: '1006' },
  { eid: '1012', name: 'Rashed Khan', designation: 'Sales Manager', parent: '1007', company: 'logistics' },
  {
    eid: '1013',
    name: 'Dilruba Yasmin',
    designation: 'Operations Manager',
    parent: '1005',
    office: 'sylhet',
  },
];

/** Who the generated employees report to, with the designation they get. */
const TEAMS: { manager: string; designation: string; size: number }[] = [
  { manager: '1003', designation: 'Software Engineer', size: 8 },
  { manager: '1008', designation: 'HR Executive', size: 5 },
  { manager: '1009', designation: 'QA Engineer', size: 6 },
  { manager: '1010', designation: 'Operations Executive', size: 7 },
  { manager: '1011', designation: 'Accountant', size: 5 },
  { manager: '1012', designation: 'Sales Executive', size: 7 },
  { manager: '1013', designation: 'Operations Executive', size: 7 },
];

export function demoPeople(): Person[] {
  const people = [...LEADERS];
  let next = 1014;
  let n = 0;
  for (const team of TEAMS) {
    const lead = LEADERS.find((l) => l.eid === team.manager)!;
    for (let i = 0; i < team.size; i++, n++) {
      const name = `${FIRST[n % FIRST.length]} ${LAST[(n * 7 + 3) % LAST.length]}`;
      people.push({
        eid: String(next++),
        name,
        designation: team.designation,
        parent: team.manager,
        ...(lead.company ? { company: lead.company } : {}),
        ...(lead.office ? { office: lead.office } : {}),
      });
    }
  }
  // A few records exercise the admin controls: no user yet, or disabled.
  const last = people.slice(-4);
  last[0]!.enabled = false;
  for (const p of last.slice(1)) p.user = false;
  return people;
}

const DEPARTMENT_BY_HEAD: Record<string, string> = {
  '1001': 'Human Resources',
  '1002': 'Engineering',
  '1005': 'Operations',
  '1006': 'Finance',
  '1007': 'Sales',
};

/** The department head above someone (or the managing director). */
function ancestorHead(people: Person[], p: Person): string {
  let cur: Person | undefined = p;
  while (cur?.parent && cur.parent !== '1000') cur = people.find((x) => x.eid === cur!.parent);
  return cur?.eid ?? '1000';
}

const ASSETS = [
  { name: 'Laptop Dell Latitude 5440', code: 'LAP', description: '14-inch, 16 GB RAM' },
  { name: 'Laptop ThinkPad T14', code: 'LAP', description: '14-inch, 32 GB RAM' },
  { name: 'Laptop MacBook Air', code: 'LAP', description: '13-inch, M2' },
  { name: 'Laptop HP EliteBook 840', code: 'LAP', description: '14-inch, 16 GB RAM' },
  { name: 'Mobile phone Samsung A54', code: 'MOB', description: 'Company SIM included' },
  { name: 'Monitor Dell 24"', code: 'MON', description: 'P2422H' },
  { name: 'Laptop Dell Vostro 3520', code: 'LAP', description: '15-inch, 8 GB RAM' },
  { name: 'Headset Jabra Evolve2', code: 'HDS', description: 'Wireless' },
  { name: 'Laptop Asus ExpertBook', code: 'LAP', description: '14-inch, 16 GB RAM' },
  { name: 'Mobile phone iPhone 13', code: 'MOB', description: 'Company SIM included' },
  { name: 'Monitor LG 27"', code: 'MON', description: '27UL500' },
  { name: 'Access card', code: 'ACC', description: 'Head office doors' },
];

function mobileOf(eid: string): string {
  // 01 followed by 3-9, as SPEC.md's mobile rule wants.
  return `017${eid.padStart(8, '0')}`;
}

function emailOf(name: string): string {
  return `${name.toLowerCase().replace(/[^a-z]+/g, '.')}@meghna.example`;
}

/**
 * Seeds the demo company on an empty database: two companies, three
 * offices, designations and about 60 employees in a hierarchy, with users.
 * Returns the number of employees made, or 0 when there were employees.
 */
export async function seedDemoIfEmpty(db: Db): Promise<number> {
  const [existing] = await db.select({ n: count() }).from(employees);
  if ((existing?.n ?? 0) > 0) return 0;

  // One hash serves every demo user: they all share the demo password.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const people = demoPeople();

  return db.transaction(async (tx) => {
    const [main, logistics] = await tx
      .insert(companies)
      .values([
        { name: 'Meghna Digital Ltd.', code: 'MDL', address: 'House 12, Road 7, Gulshan 1, Dhaka 1212' },
        { name: 'Meghna Logistics Ltd.', code: 'MLL', address: 'Plot 4, Agrabad C/A, Chattogram 4100' },
      ])
      .returning();
    const officeRows = await tx
      .insert(offices)
      .values([
        { companyId: main!.id, name: 'Dhaka Head Office', address: 'Gulshan 1, Dhaka' },
        { companyId: main!.id, name: 'Chattogram Office', address: 'Agrabad, Chattogram' },
        { companyId: main!.id, name: 'Sylhet Office', address: 'Zindabazar, Sylhet' },
        { companyId: logistics!.id, name: 'Logistics Hub', address: 'Agrabad, Chattogram' },
      ])
      .returning();
    const officeId = (p: Person) => {
      if (p.company === 'logistics') return officeRows[3]!.id;
      if (p.office === 'ctg') return officeRows[1]!.id;
      if (p.office === 'sylhet') return officeRows[2]!.id;
      return officeRows[0]!.id;
    };

    const designationNames = [...new Set(people.map((p) => p.designation))];
    const designationRows = await tx
      .insert(designations)
      .values(withNames(designationNames.map((name) => ({ name }))))
      .returning();
    const designationId = new Map(designationRows.map((d) => [d.name, d.id]));

    const idByEid = new Map<string, number>();
    // Parents come before their reports in the list, so one pass links them.
    for (const p of people) {
      const [row] = await tx
        .insert(employees)
        .values({
          eid: p.eid,
          name: p.name,
          mobile: mobileOf(p.eid),
          email: emailOf(p.name),
          bloodGroup: ['A+', 'B+', 'O+', 'AB+', 'A-', 'O-'][Number(p.eid) % 6]!,
          companyId: p.company === 'logistics' ? logistics!.id : main!.id,
          officeId: officeId(p),
          designationId: designationId.get(p.designation)!,
          parentId: p.parent ? idByEid.get(p.parent)! : null,
          enabled: p.enabled ?? true,
        })
        .returning({ id: employees.id });
      idByEid.set(p.eid, row!.id);
    }

    // Departments (a type 1 group: the list filters) and who belongs to which.
    const [departmentType] = await tx
      .select({ id: lookupValues.id })
      .from(lookupValues)
      .where(and(eq(lookupValues.kind, 'group_type'), eq(lookupValues.name, 'Department')));
    const [departments] = await tx
      .insert(groups)
      .values({ name: 'Departments', typeId: departmentType?.id ?? null })
      .returning();
    const departmentOf: Record<string, string> = {};
    for (const p of people) {
      const head = ancestorHead(people, p);
      departmentOf[p.eid] = DEPARTMENT_BY_HEAD[head] ?? 'Management';
    }
    const deptRows = await tx
      .insert(groupTrees)
      .values([...new Set(Object.values(departmentOf))].map((name) => ({ groupId: departments!.id, name })))
      .returning();
    await tx.insert(employeeGroups).values(
      people.map((p) => ({
        employeeId: idByEid.get(p.eid)!,
        groupTreeId: deptRows.find((d) => d.name === departmentOf[p.eid])!.id,
      })),
    );

    // Company assets, some of them handed out.
    const assetRows = await tx
      .insert(assets)
      .values(
        ASSETS.map((a, i) => ({
          companyId: main!.id,
          name: a.name,
          code: `${a.code}-${String(i + 1).padStart(3, '0')}`,
          description: a.description,
        })),
      )
      .returning();
    const holders = ['1001', '1002', '1003', '1004', '1005', '1008', '1014', '1015'];
    await tx
      .insert(assetAssignments)
      .values(holders.map((eid, i) => ({ assetId: assetRows[i]!.id, employeeId: idByEid.get(eid)! })));

    await tx.insert(users).values(
      people
        .filter((p) => p.user !== false)
        .map((p) => ({
          employeeId: idByEid.get(p.eid)!,
          username: p.eid,
          passwordHash,
          isAdmin: p.admin ?? false,
          passwordChangedAt: new Date(),
        })),
    );
    await seedDemoLeave(tx, idByEid);
    await seedDemoLeavePolicies(tx, idByEid);
    await seedDemoRemoteWork(tx, idByEid);
    await seedDemoProfiles(tx, idByEid);
    await seedDemoHrServices(tx, idByEid);
    await seedDemoKpis(tx, idByEid);
    await seedDemoEprs(tx, idByEid);
    await seedDemoAttendance(tx);
    await seedDemoOrganisation(tx, idByEid);
    await seedDemoCompensation(tx, idByEid);
    await seedDemoApprovals(tx, idByEid);
    return people.length;
  });
}

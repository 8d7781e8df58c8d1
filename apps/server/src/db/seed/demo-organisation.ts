import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Db } from '../client';
import { developmentAreas, employeeGroups, employees, groups, groupTrees, lookupValues } from '../schema';

/** The areas a review's development plan offers (SPEC.md §2 Section D). */
const DEVELOPMENT_AREAS: { name: string; description: string }[] = [
  { name: 'Communication', description: 'Clear writing, listening, and keeping others informed.' },
  {
    name: 'Presenting to clients',
    description: 'Preparing and delivering presentations to clients and partners.',
  },
  { name: 'Leadership', description: 'Setting direction, delegating and developing a team.' },
  { name: 'Coaching and mentoring', description: 'Helping colleagues grow through feedback and guidance.' },
  { name: 'Time management', description: 'Planning work, meeting deadlines and handling priorities.' },
  {
    name: 'Stakeholder management',
    description: 'Understanding and aligning the people a piece of work affects.',
  },
  { name: 'Problem solving', description: 'Finding root causes and weighing options before acting.' },
  { name: 'Technical skills', description: 'Depth in the tools, languages and systems of the role.' },
  { name: 'Data analysis', description: 'Reading numbers, building reports and drawing conclusions.' },
  { name: 'Budgeting', description: 'Planning, tracking and explaining costs.' },
];

/** Teams under the departments: each is a manager (by E-ID) with their direct reports. */
const TEAMS: { department: string; name: string; manager: string }[] = [
  { department: 'Engineering', name: 'Software Development', manager: '1003' },
  { department: 'Engineering', name: 'Quality Assurance', manager: '1009' },
  { department: 'Human Resources', name: 'People Operations', manager: '1008' },
  { department: 'Operations', name: 'Chattogram Operations', manager: '1010' },
  { department: 'Operations', name: 'Sylhet Operations', manager: '1013' },
  { department: 'Finance', name: 'Accounts', manager: '1011' },
  { department: 'Sales', name: 'Logistics Sales', manager: '1012' },
];

/** Projects (a group of its own type) and who works on them, by E-ID. */
const PROJECTS: { name: string; members: string[]; parts?: { name: string; members: string[] }[] }[] = [
  { name: 'HR Portal Rollout', members: ['1001', '1008', '1003'] },
  {
    name: 'Mobile App Revamp',
    members: ['1002', '1009'],
    parts: [
      { name: 'Android', members: ['1004', '1014'] },
      { name: 'iOS', members: ['1015', '1016'] },
    ],
  },
  { name: 'Warehouse Automation', members: ['1005', '1010', '1012'] },
];

/**
 * The demo company's organisation beyond its departments: development areas,
 * teams below the departments (everyone stays in their department too, so
 * the list filters find them there) and a project group.
 */
export async function seedDemoOrganisation(db: Db, idByEid: Map<string, number>): Promise<void> {
  await db.insert(developmentAreas).values(DEVELOPMENT_AREAS).onConflictDoNothing();

  const [departments] = await db.select({ id: groups.id }).from(groups).where(eq(groups.name, 'Departments'));
  if (departments) {
    const tops = await db
      .select({ id: groupTrees.id, name: groupTrees.name })
      .from(groupTrees)
      .where(and(eq(groupTrees.groupId, departments.id), isNull(groupTrees.parentId)));
    const topId = new Map(tops.map((t) => [t.name, t.id]));
    const teams = TEAMS.filter((t) => topId.has(t.department) && idByEid.has(t.manager));
    if (teams.length > 0) {
      const made = await db
        .insert(groupTrees)
        .values(
          teams.map((t) => ({ groupId: departments.id, parentId: topId.get(t.department)!, name: t.name })),
        )
        .returning({ id: groupTrees.id, name: groupTrees.name });
      const managers = teams.map((t) => idByEid.get(t.manager)!);
      const people = await db
        .select({ id: employees.id, parentId: employees.parentId })
        .from(employees)
        .where(or(inArray(employees.id, managers), inArray(employees.parentId, managers)));
      const members = teams.flatMap((t) => {
        const manager = idByEid.get(t.manager)!;
        const item = made.find((m) => m.name === t.name)!.id;
        return people
          .filter((p) => p.id === manager || p.parentId === manager)
          .map((p) => ({ employeeId: p.id, groupTreeId: item }));
      });
      if (members.length > 0) await db.insert(employeeGroups).values(members).onConflictDoNothing();
    }
  }

  const [projectType] = await db
    .select({ id: lookupValues.id })
    .from(lookupValues)
    .where(and(eq(lookupValues.kind, 'group_type'), eq(lookupValues.name, 'Project')));
  const [projects] = await db
    .insert(groups)
    .values({ name: 'Projects', typeId: projectType?.id ?? null })
    .onConflictDoNothing()
    .returning({ id: groups.id });
  if (!projects) return;
  const join = async (groupTreeId: number, eids: string[]) => {
    const rows = eids
      .filter((e) => idByEid.has(e))
      .map((e) => ({ employeeId: idByEid.get(e)!, groupTreeId }));
    if (rows.length > 0) await db.insert(employeeGroups).values(rows).onConflictDoNothing();
  };
  for (const project of PROJECTS) {
    const [item] = await db
      .insert(groupTrees)
      .values({ groupId: projects.id, name: project.name })
      .returning({ id: groupTrees.id });
    await join(item!.id, project.members);
    for (const part of project.parts ?? []) {
      const [child] = await db
        .insert(groupTrees)
        .values({ groupId: projects.id, parentId: item!.id, name: part.name })
        .returning({ id: groupTrees.id });
      await join(child!.id, part.members);
    }
  }
}

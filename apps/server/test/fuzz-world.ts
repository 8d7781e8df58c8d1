import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/db/client';
import { seedDemoIfEmpty } from '../src/db/seed/demo';
import type { Draw, FuzzAnswer, FuzzCase, FuzzData, FuzzRunner, Role } from './fuzz';
import type { Factory } from './helper';

const pad = (n: number) => String(n).padStart(2, '0');

/** A day in the coming two years (few of them collide), as `YYYY-MM-DD`. */
function day(draw: Draw, after?: string): string {
  if (after) {
    const d = new Date(`${after}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() + draw.int(0, 4));
    return d.toISOString().slice(0, 10);
  }
  return `${draw.int(2026, 2027)}-${pad(draw.int(1, 12))}-${pad(draw.int(1, 28))}`;
}
const dmy = (iso: string) => iso.split('-').reverse().join('-');

/** Document names with contents of their kind (the type comes from both). */
const DOCUMENTS: [string, Buffer][] = [
  ['report.docx', Buffer.from([0x50, 0x4b, 0x03, 0x04])],
  ['sheet.xls', Buffer.from([0xd0, 0xcf, 0x11, 0xe0])],
  ['scan.pdf', Buffer.from('%PDF-1.4')],
  ['notes.txt', Buffer.from('notes')],
  ['list.csv', Buffer.from('a,b')],
];

/**
 * What a fuzz run works on: the demo company (so ids in requests find
 * records of every kind), an HR administrator and an employee reporting to
 * them with their tokens, valid bodies of the operations whose rules span
 * several fields, and a `send` that calls the app with the case's role. A
 * case that signs its user out or disables it is followed by a new user of
 * that role.
 */
export async function fuzzWorld(
  app: FastifyInstance,
  db: Db,
  factory: Factory,
): Promise<Pick<FuzzRunner, 'data' | 'send' | 'after'>> {
  await seedDemoIfEmpty(db);
  const admin = await factory.employee({ admin: true });
  const employee = await factory.employee({ parentId: admin.id });
  const tokens: Record<Role, string> = {
    admin: await factory.token(admin),
    employee: await factory.token(employee),
  };
  const read = async <T>(url: string): Promise<T> => {
    const res = await app.inject({ url, headers: { authorization: `Bearer ${tokens.admin}` } });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json() as T;
  };
  type Option = { id: number; name: string };
  const lookups = await read<Record<string, Option[]>>('/api/v1/lookups');
  const idsOf = (kind: string) => (lookups[kind] ?? []).map((o) => o.id);
  const proficiency = idsOf('language-proficiencies');
  const durationUnits = idsOf('duration-units');
  const categories = (await read<{ value: string }[]>('/api/v1/employee/service-requests/categories')).map(
    (c) => c.value,
  );
  const nocTypes = (await read<Option[]>('/api/v1/employee/service-requests/noc-types')).map((t) => t.id);
  const exams = await read<{ id: number; type_id: number; subjects: Option[] }[]>(
    '/api/v1/employees/educations/exams',
  );
  const leaveTypes = (await read<Option[]>('/api/v1/leave/types')).map((t) => t.id);
  const remoteTypes = (await read<Option[]>('/api/v1/remote-work/types')).map((t) => t.id);

  const other = (role: Role) => (role === 'admin' ? employee.id : admin.id);
  const leave = (role: Role, draw: Draw) => {
    const from = day(draw);
    return {
      leave_format: 1,
      type_id: draw.pick(leaveTypes),
      from,
      to: day(draw, from),
      responsible_id: other(role),
      leave_address: 'House 12, Road 7, Dhaka',
    };
  };
  const remoteWork = (_role: Role, draw: Draw) => {
    const type = draw.pick(remoteTypes);
    const from = day(draw);
    return type === remoteTypes[0]
      ? { type_id: type, from_date: from, from_time: '10:00', to_time: '12:30', description: 'Client visit' }
      : { type_id: type, from_date: from, to_date: day(draw, from), description: 'Working from home' };
  };
  const serviceRequest = (role: Role, draw: Draw) => {
    const category = draw.pick(categories);
    const from = day(draw);
    const common = {
      category,
      issue_date: dmy(day(draw)),
      description: 'Needed for the bank',
      ...(role === 'admin' && draw.chance(0.5) ? { employee_id: employee.id } : {}),
    };
    return category === 'noc'
      ? {
          ...common,
          noc_type_id: draw.pick(nocTypes),
          from_date: dmy(from),
          to_date: dmy(day(draw, from)),
          passport_no: `A${draw.int(1_000_000, 9_999_999)}`,
          intended_country: 'Malaysia',
          reason: 'Holiday',
        }
      : { ...common, reason: 'Loan application' };
  };
  const education = (_role: Role, draw: Draw) => {
    const exam = draw.pick(exams);
    return {
      institute: 'Dhaka College',
      exam_id: exam.id,
      type_id: exam.type_id,
      passing_year: draw.int(1990, 2024),
      duration: draw.int(1, 5),
      duration_unit_id: draw.pick(durationUnits),
      subject_id: draw.pick(exam.subjects).id,
      certificate_no: `C-${draw.int(1000, 9999)}`,
      result: 'GPA 5.00',
      description: null,
    };
  };
  const language = (_role: Role, draw: Draw) => ({
    name: draw.pick(['Bangla', 'English', 'Hindi', 'Arabic']),
    writing_id: draw.pick(proficiency),
    reading_id: draw.pick(proficiency),
    speaking_id: draw.pick(proficiency),
    description: null,
  });
  const withItemId = (make: (role: Role, draw: Draw) => object) => (role: Role, draw: Draw) => ({
    id: draw.int(1, 30),
    ...make(role, draw),
  });
  const unique = (draw: Draw, word: string) => `${word} ${draw.int(1, 9_999_999)}`;

  const data: FuzzData = {
    ids: [...Array.from({ length: 12 }, (_, i) => i + 1), admin.id, employee.id],
    people: [admin.id, employee.id, 1, 2, 3],
    templates: {
      createLeave: leave,
      updateLeave: leave,
      createRemoteWork: remoteWork,
      updateRemoteWork: remoteWork,
      createServiceRequest: serviceRequest,
      updateServiceRequest: serviceRequest,
      createEducation: education,
      updateEducation: education,
      updateEducationByBody: withItemId(education),
      createLanguage: language,
      updateLanguage: language,
      updateLanguageByBody: withItemId(language),
      createCompany: (_r, draw) => ({ name: unique(draw, 'Company'), code: 'CO', address: 'Dhaka' }),
      createHoliday: (_r, draw) => {
        const from = day(draw);
        return { name: unique(draw, 'Holiday'), from, to: day(draw, from) };
      },
      createLeaveType: (_r, draw) => ({
        name: unique(draw, 'Leave'),
        days: draw.int(0, 30),
        short_leave_applied: draw.chance(0.5),
        has_balance: draw.chance(0.5),
      }),
      uploadEmployeeDocument: (_r, draw) => {
        const [fileName, head] = draw.pick(DOCUMENTS);
        return {
          name: unique(draw, 'Document'),
          file_name: fileName,
          file: Buffer.concat([head, Buffer.from(' sample content\n')]).toString('base64'),
        };
      },
      createLeaveDuration: (_r, draw) => ({
        name: unique(draw, 'Duration'),
        minutes: draw.pick([30, 60, 90]),
      }),
    },
  };
  return {
    data,
    async send(c: FuzzCase): Promise<FuzzAnswer> {
      const res = await app.inject({
        method: c.request.method as 'GET',
        url: c.request.url,
        remoteAddress: c.remoteAddress,
        headers: {
          authorization: `Bearer ${tokens[c.role]}`,
          ...(c.request.contentType ? { 'content-type': c.request.contentType } : {}),
        },
        ...(c.request.payload !== undefined ? { payload: c.request.payload } : {}),
      });
      return { status: res.statusCode, body: res.body };
    },
    async after(c: FuzzCase, answer: FuzzAnswer) {
      if (answer.status !== 401) return;
      let error: string | undefined;
      try {
        error = (JSON.parse(answer.body) as { error?: string }).error;
      } catch {
        error = undefined;
      }
      if (error === 'session_invalid' || error === 'unauthorized') {
        const fresh = await factory.employee({
          admin: c.role === 'admin',
          parentId: c.role === 'admin' ? null : admin.id,
        });
        tokens[c.role] = await factory.token(fresh);
      }
    },
  };
}

import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { assetCreate, companyCreate, officeCreate } from './admin';
import { loanCreate, payScheduleTypeBody } from './compensation';
import { employeeImportCells } from './employee-import';
import { groupTreeCreate } from './employee-search';
import {
  achievementInput,
  addressInput,
  basicInput,
  contactInput,
  documentRename,
  documentUpload,
  educationInput,
  familyInput,
  generalInput,
  historyInput,
  languageInput,
  memberInput,
  skillInput,
  trainingInput,
} from './employees';
import {
  devPlanBody,
  eprBehaviourBody,
  eprValueCreate,
  evidenceProblem,
  evidenceUpload,
  sectionDBody,
  sectionRatingBody,
} from './epr';
import { eprCycleBody } from './epr-cycles';
import { nocTypeCreate, serviceCategoryCreate, serviceRequestBody, serviceRequestForm } from './hr-services';
import { importFileBody } from './imports';
import {
  commentBody,
  kpiBody,
  kpiPerspectiveBody,
  kpiTargetUnitBody,
  kpiYearBody,
  objectiveBody,
  objectiveKpiBody,
} from './kpi';
import { holidayBody, leaveBody, leaveDurationBody, leaveForm, leaveTypeBody } from './leave';
import { designationCreate, developmentAreaCreate, rankCreate, subjectCreate } from './organisation';
import { remoteWorkBody, remoteWorkTypeCreate } from './remote-work';
import { shiftCreate } from './shifts';
import { linesText, lineText, TEXT_MESSAGES, type TextKind, textProblem, toLf } from './text';

const M = TEXT_MESSAGES;
const hex = (c: string) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

/** Every control character (general category Cc): U+0000–U+001F and U+007F–U+009F. */
const CONTROLS = [
  ...Array.from({ length: 0x20 }, (_, i) => String.fromCharCode(i)),
  ...Array.from({ length: 0x21 }, (_, i) => String.fromCharCode(0x7f + i)),
];
/** The embeddings and overrides LRE RLE PDF LRO RLO, the isolates LRI RLI FSI PDI. */
const DIRECTION_CONTROLS = [
  '\u202a',
  '\u202b',
  '\u202c',
  '\u202d',
  '\u202e',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
];

/** Text people type in the portal's languages, with the invisible marks their scripts need. */
const KEPT = [
  'محمد عبد الله',
  'نام\u200cخانوادگی', // Persian with ZWNJ
  'क्\u200dष', // Devanagari with ZWJ
  'ශ්\u200dරී', // Sinhala with ZWJ
  '王小明',
  '李\u3000明', // ideographic space
  'Zoë Ångström-Núñez',
  'e\u0301\u0302 a\u0308', // combining marks
  '😀 👩\u200d👩\u200d👧\u200d👦 🏴\u{e0067}\u{e0062}\u{e0065}\u{e006e}\u{e0067}\u{e007f}', // ZWJ family, England's flag
  'abc\u200e123', // LRM
  'שלום\u200f!', // RLM
  'عربي\u061c123', // ALM
  "O'Brien & Co. (Ltd.) #4",
  '',
];

describe('textProblem: what text others read may hold', () => {
  it.each(CONTROLS.map((c) => [hex(c), c]))('refuses %s on one line', (_, c) => {
    const problem = textProblem(`Ann${c}Lee`, 'line');
    expect(problem === M.textOneLine || problem === M.textControl).toBe(true);
  });

  it('names tab and every line break "one line", the other controls "control characters"', () => {
    for (const c of ['\t', '\n', '\r', '\v', '\f', '\u0085', '\u2028', '\u2029'])
      expect(textProblem(`a${c}b`, 'line'), hex(c)).toBe(M.textOneLine);
    for (const c of ['\u0000', '\u0007', '\u001b', '\u007f', '\u0080', '\u009b', '\u009f'])
      expect(textProblem(`a${c}b`, 'line'), hex(c)).toBe(M.textControl);
  });

  it.each(CONTROLS.filter((c) => c !== '\n' && c !== '\r').map((c) => [hex(c), c]))(
    'refuses %s in several lines',
    (_, c) => {
      expect(textProblem(`first${c}second`, 'lines')).toBe(M.textControl);
    },
  );

  it('keeps line breaks in several lines: LF, CR LF, CR, and the line and paragraph separators', () => {
    for (const text of ['a\nb', 'a\r\nb', 'a\rb', 'a\n\n\nb', 'a\u2028b\u2029c'])
      expect(textProblem(text, 'lines'), JSON.stringify(text)).toBeNull();
  });

  it.each(DIRECTION_CONTROLS.map((c) => [hex(c), c]))('refuses %s in either kind', (_, c) => {
    expect(textProblem(`RTL${c}eman`, 'line')).toBe(M.textDirection);
    expect(textProblem(`first line\nRTL${c}eman`, 'lines')).toBe(M.textDirection);
  });

  it('keeps every script, joiner, direction mark, combining mark and emoji', () => {
    for (const text of KEPT) {
      expect(textProblem(text, 'line'), text).toBeNull();
      expect(textProblem(text, 'lines'), text).toBeNull();
    }
  });

  it('reads CR LF and a lone CR as LF', () => {
    expect(toLf('a\r\nb\rc\nd\r\n')).toBe('a\nb\nc\nd\n');
  });
});

describe('the string helpers', () => {
  it('one line: the text as sent, or the field error', () => {
    const name = lineText(z.string().trim()).max(50);
    expect(name.parse(' Ann Lee ')).toBe('Ann Lee');
    expect(name.safeParse('RTL\u202eeman').error?.issues).toEqual([
      expect.objectContaining({ message: M.textDirection, path: [] }),
    ]);
    expect(name.safeParse('Ann\nLee').error?.issues[0]?.message).toBe(M.textOneLine);
  });

  it('several lines: line breaks kept as LF, other controls refused', () => {
    const description = linesText(z.string()).max(10);
    expect(description.parse('a\r\nb\rc')).toBe('a\nb\nc');
    // Counted after the CR LF became LF.
    expect(description.parse('1\r\n2\r\n3\r\n4\r\n5')).toBe('1\n2\n3\n4\n5');
    expect(description.safeParse('a\tb').error?.issues[0]?.message).toBe(M.textControl);
  });
});

/** A request schema, a body it takes, and a text field of it. */
type Case = [
  label: string,
  schema: z.ZodType,
  body: Record<string, unknown>,
  field: string[],
  kind: TextKind,
];

const MOBILE = '01712345678';
const b64 = 'aGVsbG8=';
const CASES: Case[] = [
  // The profile
  ['profile name', basicInput, { name: 'Ann Smith', eid: 'E1', mobile: MOBILE }, ['name'], 'line'],
  [
    'designation',
    basicInput,
    { name: 'Ann Smith', eid: 'E1', mobile: MOBILE, designation: 'Dev' },
    ['designation'],
    'line',
  ],
  [
    'e-mail',
    basicInput,
    { name: 'Ann Smith', eid: 'E1', mobile: MOBILE, email: 'a@b.co' },
    ['email'],
    'line',
  ],
  ['place of birth', generalInput, { pob: 'Dhaka' }, ['pob'], 'line'],
  ['passport', generalInput, { passport_no: 'AB1234' }, ['passport_no'], 'line'],
  ['present address', addressInput, { present: 'Road 1' }, ['present'], 'lines'],
  ['father name', familyInput, { father_name: 'Karim' }, ['father_name'], 'line'],
  ['spouse name', familyInput, { spouse_name: 'Rina' }, ['spouse_name'], 'line'],
  ['member name', memberInput, { name: 'Rina Das' }, ['name'], 'line'],
  ['member occupation', memberInput, { name: 'Rina Das', occupation: 'Nurse' }, ['occupation'], 'line'],
  ['contact name', contactInput, { name: 'Rina Das', mobile: MOBILE }, ['name'], 'line'],
  [
    'contact address',
    contactInput,
    { name: 'Rina Das', mobile: MOBILE, address: 'Road 2' },
    ['address'],
    'lines',
  ],
  [
    'history company',
    historyInput,
    { company: 'Acme', designation: 'Dev', from: '2020-01-01' },
    ['company'],
    'line',
  ],
  [
    'history address',
    historyInput,
    { company: 'Acme', designation: 'Dev', from: '2020-01-01', address: 'Road' },
    ['address'],
    'lines',
  ],
  [
    'achievement description',
    achievementInput,
    { name: 'Prize', description: 'Won it' },
    ['description'],
    'lines',
  ],
  ['training name', trainingInput, { name: 'First aid' }, ['name'], 'line'],
  ['skill type', skillInput, { name: 'Excel', type: 'Office' }, ['type'], 'line'],
  [
    'education institute',
    educationInput,
    {
      institute: 'Dhaka College',
      exam_id: 1,
      type_id: 1,
      passing_year: 2010,
      duration: 2,
      duration_unit_id: 1,
      subject_id: 1,
      certificate_no: 'C-1',
      result: 'A',
    },
    ['institute'],
    'line',
  ],
  [
    'language name',
    languageInput,
    { name: 'Bangla', writing_id: 1, reading_id: 1, speaking_id: 1 },
    ['name'],
    'line',
  ],
  ['document name', documentUpload, { name: 'Contract', file_name: 'c.pdf', file: b64 }, ['name'], 'line'],
  [
    'document file name',
    documentUpload,
    { name: 'Contract', file_name: 'c.pdf', file: b64 },
    ['file_name'],
    'line',
  ],
  ['document rename', documentRename, { name: 'Contract' }, ['name'], 'line'],
  // Requests
  [
    'leave address',
    leaveBody,
    {
      leave_format: 1,
      type_id: 1,
      from: '2025-01-01',
      to: '2025-01-02',
      responsible_id: 2,
      leave_address: 'Home',
    },
    ['leave_address'],
    'lines',
  ],
  [
    'leave form address',
    leaveForm,
    { leave_format: 1, type_id: 1, from: 1, to: 1, responsible_id: 2, leave_address: 'Home' },
    ['leave_address'],
    'lines',
  ],
  [
    'remote-work description',
    remoteWorkBody,
    { type_id: 2, from_date: '2025-01-01', to_date: '2025-01-02', description: 'Home' },
    ['description'],
    'lines',
  ],
  [
    'service reason',
    serviceRequestBody,
    { category: 'salary', issue_date: '01-01-2025', reason: 'Bank', description: 'For the bank' },
    ['reason'],
    'lines',
  ],
  [
    'service description',
    serviceRequestBody,
    { category: 'salary', issue_date: '01-01-2025', reason: 'Bank', description: 'For the bank' },
    ['description'],
    'lines',
  ],
  [
    'service form reason',
    serviceRequestForm,
    { category: 'salary', issue_date: 1, reason: 'Bank', description: 'For the bank' },
    ['reason'],
    'lines',
  ],
  [
    'NOC country',
    serviceRequestBody,
    {
      category: 'noc',
      issue_date: '01-01-2025',
      noc_type_id: 1,
      from_date: '01-02-2025',
      to_date: '02-02-2025',
      passport_no: 'AB1234',
      intended_country: 'Italy',
      description: 'Trip',
    },
    ['intended_country'],
    'line',
  ],
  // KPI, comments, EPR
  [
    'KPI sheet name',
    kpiBody,
    { type_id: 2, from: '2025-01-01', to: '2025-12-31', name: 'My year' },
    ['name'],
    'line',
  ],
  [
    'objective name',
    objectiveBody,
    { name: 'Grow sales', weight: 50, kpi_id: 1, perspective_id: 1 },
    ['name'],
    'line',
  ],
  [
    'KPI initiative',
    objectiveKpiBody,
    {
      name: 'Sales up',
      weight: 50,
      time: 'Q1 2025',
      target: 1,
      target_unit_id: 1,
      kpi_id: 1,
      objective_id: 1,
      initiative: 'Calls',
    },
    ['initiative'],
    'line',
  ],
  ['comment', commentBody, { comment: 'Well done' }, ['comment'], 'lines'],
  ['EPR section comment', sectionRatingBody, { comment: 'Good year' }, ['comment'], 'lines'],
  ['EPR remarks', sectionDBody, { remarks: 'Good year' }, ['remarks'], 'lines'],
  [
    'development area',
    devPlanBody,
    { dev_area: 'Lead', action_plan: 'Course', when: 'Q1', who: 'HR' },
    ['dev_area'],
    'line',
  ],
  [
    'action plan',
    devPlanBody,
    { dev_area: 'Lead', action_plan: 'Course', when: 'Q1', who: 'HR' },
    ['action_plan'],
    'lines',
  ],
  ['evidence name', evidenceUpload, { name: 'photo.png', file: b64 }, ['name'], 'line'],
  [
    'review cycle name',
    eprCycleBody,
    { name: 'Year 2025', type_id: 1, from_date: '2025-01-01', to_date: '2025-12-31', deadline: '2025-12-31' },
    ['name'],
    'line',
  ],
  // Reference data HR types, in every language
  ['company name', companyCreate, { name: 'Acme' }, ['name'], 'line'],
  ['company address', companyCreate, { name: 'Acme', address: 'Road 1' }, ['address'], 'lines'],
  ['office name', officeCreate, { company_id: 1, name: 'Head office' }, ['name'], 'line'],
  [
    'asset description',
    assetCreate,
    { company_id: 1, name: 'Laptop', description: 'Grey' },
    ['description'],
    'lines',
  ],
  ['leave type name', leaveTypeBody, { name: 'Annual', days: 10 }, ['name'], 'line'],
  [
    'leave type in Arabic',
    leaveTypeBody,
    { name: 'Annual', days: 10, name_translations: { ar: 'سنوية' } },
    ['name_translations', 'ar'],
    'line',
  ],
  [
    'duration in Chinese',
    leaveDurationBody,
    { name: 'Two hours', minutes: 120, name_translations: { zh: '两小时' } },
    ['name_translations', 'zh'],
    'line',
  ],
  ['holiday name', holidayBody, { name: 'Eid', from: '2025-01-01', to: '2025-01-01' }, ['name'], 'line'],
  ['remote-work type', remoteWorkTypeCreate, { name: 'Home' }, ['name'], 'line'],
  [
    'service category',
    serviceCategoryCreate,
    { name: 'Salary', name_translations: { fr: 'Salaire' } },
    ['name_translations', 'fr'],
    'line',
  ],
  ['NOC type', nocTypeCreate, { name: 'Travel' }, ['name'], 'line'],
  [
    'KPI year',
    kpiYearBody,
    { name: 'FY 2025', from_date: '2025-01-01', to_date: '2025-12-31' },
    ['name'],
    'line',
  ],
  [
    'KPI perspective in Italian',
    kpiPerspectiveBody,
    { name: 'Customer', name_translations: { it: 'Cliente' } },
    ['name_translations', 'it'],
    'line',
  ],
  ['target unit', kpiTargetUnitBody, { name: 'Count' }, ['name'], 'line'],
  [
    'EPR value in Spanish',
    eprValueCreate,
    { name: 'Integrity', name_translations: { es: 'Integridad' } },
    ['name_translations', 'es'],
    'line',
  ],
  ['EPR behaviour', eprBehaviourBody, { name: 'Honest' }, ['name'], 'line'],
  ['level', rankCreate, { name: 'Senior' }, ['name'], 'line'],
  ['designation reference', designationCreate, { name: 'Engineer' }, ['name'], 'line'],
  [
    'development area description',
    developmentAreaCreate,
    { name: 'Leading', description: 'People' },
    ['description'],
    'lines',
  ],
  ['exam subject', subjectCreate, { name: 'Physics' }, ['name'], 'line'],
  ['group item', groupTreeCreate, { name: 'Team A' }, ['name'], 'line'],
  ['shift name', shiftCreate, { name: 'Day', start: '09:00', end: '17:00' }, ['name'], 'line'],
  ['pay schedule type', payScheduleTypeBody, { name: 'Monthly', periods_per_year: 12 }, ['name'], 'line'],
  [
    'loan purpose',
    loanCreate,
    {
      employee_id: 1,
      pay_schedule_id: 1,
      amount: 100,
      installments: 2,
      start_date: '2025-01-01',
      purpose: 'Car',
    },
    ['purpose'],
    'lines',
  ],
  ['import file name', importFileBody, { file_name: 'staff.csv', file: b64 }, ['file_name'], 'line'],
];

function withField(body: Record<string, unknown>, path: string[], value: string): Record<string, unknown> {
  const copy = JSON.parse(JSON.stringify(body)) as Record<string, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string, unknown>;
  node[path.at(-1)!] = value;
  return copy;
}
function fieldOf(body: Record<string, unknown>, path: string[]): string {
  return path.reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], body) as string;
}
/** The messages of the issues on a field. */
const messagesOn = (result: z.ZodSafeParseResult<unknown>, path: string[]) =>
  (result.error?.issues ?? []).filter((i) => i.path.join('.') === path.join('.')).map((i) => i.message);

describe('request schemas check the text others read', () => {
  it.each(CASES)('%s', (_, schema, body, path, kind) => {
    const good = fieldOf(body, path);
    const insert = (mark: string) => withField(body, path, `${good[0]}${mark}${good.slice(1)}`);
    expect(schema.safeParse(body).success, 'the body as given').toBe(true);
    for (const mark of DIRECTION_CONTROLS)
      expect(messagesOn(schema.safeParse(insert(mark)), path), hex(mark)).toContain(M.textDirection);
    expect(messagesOn(schema.safeParse(insert('\u0007')), path)).toContain(M.textControl);
    expect(schema.safeParse(insert('\u200f')).success, 'RLM kept').toBe(true);
    if (kind === 'line') {
      expect(messagesOn(schema.safeParse(insert('\n')), path)).toContain(M.textOneLine);
      expect(messagesOn(schema.safeParse(insert('\t')), path)).toContain(M.textOneLine);
    } else {
      const parsed = schema.safeParse(insert('\r\n'));
      expect(parsed.success, 'a line break kept').toBe(true);
      expect(fieldOf(parsed.data as Record<string, unknown>, path)).toBe(`${good[0]}\n${good.slice(1)}`);
      expect(messagesOn(schema.safeParse(insert('\t')), path)).toContain(M.textControl);
    }
  });

  it("a picked file's name is checked before it is sent (it is listed to others)", () => {
    expect(evidenceProblem({ type: 'image/png', size: 100, name: 'photo\u202egnp.exe' })).toBe(
      M.textDirection,
    );
    expect(evidenceProblem({ type: 'image/png', size: 100, name: 'صورة.png' })).toBeNull();
    expect(importFileBody.shape.file_name.safeParse('staff\u202evsc.exe').error?.issues[0]?.message).toBe(
      M.textDirection,
    );
  });

  it('the employee import checks its cells with the same rules', () => {
    expect(employeeImportCells.name.safeParse('RTL\u202eeman').error?.issues[0]?.message).toBe(
      M.textDirection,
    );
    expect(employeeImportCells.company.safeParse('Ac\u2066me').error?.issues[0]?.message).toBe(
      M.textDirection,
    );
    expect(employeeImportCells.office.safeParse('Head\noffice').error?.issues[0]?.message).toBe(
      M.textOneLine,
    );
    expect(employeeImportCells.designation.safeParse('Dev\u0007').error?.issues[0]?.message).toBe(
      M.textControl,
    );
    expect(employeeImportCells.name.parse('محمد عبد الله')).toBe('محمد عبد الله');
  });
});

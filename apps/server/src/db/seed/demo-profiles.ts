import { PHOTO_PIXELS } from '@hr/contracts/employees';
import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '../client';
import {
  achievements,
  activities,
  designations,
  educations,
  employeeContacts,
  employeePhotos,
  employees,
  employmentHistories,
  examSubjects,
  exams,
  familyMembers,
  languages,
  lookupValues,
  offices,
  separations,
  skills,
  trainings,
} from '../schema';

/**
 * Profiles of the demo company: general details, address, family, contacts
 * and references, past jobs, achievements, trainings, skills, educations,
 * languages, a separation for the disabled employee, a photo for everyone
 * (initials on a colour) and three months of activities around their office.
 * Values come from a seeded generator, so every demo looks the same.
 */

function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
    chance: (p: number) => next() < p,
  };
}

const FEMALE = new Set([
  'Nadia',
  'Farhana',
  'Rokeya',
  'Selina',
  'Nasrin',
  'Dilruba',
  'Sadia',
  'Nusrat',
  'Tahmina',
  'Mithila',
  'Rumana',
  'Sharmin',
  'Lamia',
  'Sumaiya',
  'Afsana',
  'Jannat',
  'Tania',
  'Ishrat',
  'Moushumi',
  'Priya',
  'Rehana',
]);
const HINDU_SURNAMES = new Set(['Das', 'Roy', 'Biswas']);

const CITIES = {
  dhaka: {
    lat: 23.7806,
    lng: 90.4193,
    areas: [
      'Gulshan 1',
      'Banani',
      'Dhanmondi',
      'Mirpur 10',
      'Uttara Sector 7',
      'Mohakhali',
      'Bashundhara R/A',
      'Motijheel',
    ],
    city: 'Dhaka',
  },
  ctg: {
    lat: 22.3569,
    lng: 91.7832,
    areas: ['Agrabad', 'GEC Circle', 'Nasirabad', 'Halishahar', 'Khulshi', 'Panchlaish'],
    city: 'Chattogram',
  },
  sylhet: {
    lat: 24.8949,
    lng: 91.8687,
    areas: ['Zindabazar', 'Amberkhana', 'Upashahar', 'Shibganj', 'Mirabazar'],
    city: 'Sylhet',
  },
} as const;
type City = keyof typeof CITIES;

const HOME_DISTRICTS = [
  ['Char Fasson', 'Bhola'],
  ['Sonagazi', 'Feni'],
  ['Kalihati', 'Tangail'],
  ['Bancharampur', 'Brahmanbaria'],
  ['Shibganj', 'Bogura'],
  ['Laksam', 'Cumilla'],
  ['Rupsha', 'Khulna'],
  ['Pirganj', 'Rangpur'],
  ['Fatikchhari', 'Chattogram'],
  ['Beanibazar', 'Sylhet'],
  ['Nandail', 'Mymensingh'],
  ['Shailkupa', 'Jhenaidah'],
] as const;
const BIRTH_PLACES = [
  'Dhaka',
  'Chattogram',
  'Sylhet',
  'Rajshahi',
  'Khulna',
  'Barishal',
  'Rangpur',
  'Mymensingh',
  'Cumilla',
  'Bogura',
];
const MALE_ELDERS = [
  'Abdul Karim',
  'Mohammad Ali',
  'Abul Kashem',
  'Nurul Islam',
  'Shamsul Haque',
  'Aminul Islam',
  'Rafiqul Alam',
  'Jalal Uddin',
];
const FEMALE_ELDERS = [
  'Rahima Begum',
  'Fatema Khatun',
  'Salma Begum',
  'Nasima Akter',
  'Hasina Begum',
  'Rokeya Khatun',
  'Jahanara Begum',
];
const HINDU_MALE_ELDERS = ['Sukumar Das', 'Haripada Roy', 'Nirmal Biswas', 'Gopal Chandra Das'];
const HINDU_FEMALE_ELDERS = ['Shefali Rani Das', 'Anjali Roy', 'Kalpana Biswas', 'Mitali Das'];
const SPOUSES_F = [
  'Shirin Akter',
  'Mahmuda Khanam',
  'Tasnim Jahan',
  'Sabina Yasmin',
  'Farzana Haque',
  'Nabila Islam',
];
const SPOUSES_M = [
  'Kamal Hossain',
  'Jahangir Alam',
  'Sohel Rana',
  'Mizanur Rahman',
  'Tariqul Islam',
  'Shafiqul Islam',
];
const CHILDREN = ['Ayaan', 'Zara', 'Arisha', 'Rayan', 'Inaya', 'Ahnaf', 'Maryam', 'Samin'];

const PAST_EMPLOYERS = [
  ['Grameenphone Ltd.', 'Bashundhara, Dhaka'],
  ['BRAC', 'Mohakhali, Dhaka'],
  ['Square Pharmaceuticals Ltd.', 'Mohakhali, Dhaka'],
  ['Brain Station 23', 'Mohakhali, Dhaka'],
  ['bKash Ltd.', 'Gulshan 1, Dhaka'],
  ['Robi Axiata Ltd.', 'Gulshan 1, Dhaka'],
  ['ACI Limited', 'Tejgaon, Dhaka'],
  ['Pathao Ltd.', 'Gulshan 2, Dhaka'],
  ['BSRM Ltd.', 'Agrabad, Chattogram'],
  ['PHP Family', 'Agrabad, Chattogram'],
  ['Beximco Pharmaceuticals', 'Tejgaon, Dhaka'],
  ['City Bank PLC', 'Gulshan 2, Dhaka'],
] as const;

const SKILLS_BY_ROLE: Record<string, [string, string][]> = {
  engineering: [
    ['TypeScript', 'Technical'],
    ['React', 'Technical'],
    ['PostgreSQL', 'Technical'],
    ['Node.js', 'Technical'],
    ['System design', 'Technical'],
    ['Code review', 'Technical'],
  ],
  qa: [
    ['Test automation', 'Technical'],
    ['Playwright', 'Technical'],
    ['API testing', 'Technical'],
    ['Test planning', 'Functional'],
  ],
  hr: [
    ['Recruitment', 'Functional'],
    ['Labour law of Bangladesh', 'Functional'],
    ['Payroll', 'Functional'],
    ['Employee relations', 'Soft skill'],
  ],
  finance: [
    ['IFRS reporting', 'Functional'],
    ['Tally ERP', 'Technical'],
    ['VAT and tax', 'Functional'],
    ['Excel modelling', 'Technical'],
  ],
  sales: [
    ['Negotiation', 'Soft skill'],
    ['Key account management', 'Functional'],
    ['CRM', 'Technical'],
    ['Presentation', 'Soft skill'],
  ],
  operations: [
    ['Supply chain', 'Functional'],
    ['Fleet management', 'Functional'],
    ['Warehouse operations', 'Functional'],
    ['SAP MM', 'Technical'],
  ],
  management: [
    ['Leadership', 'Soft skill'],
    ['Strategic planning', 'Functional'],
    ['Budgeting', 'Functional'],
    ['Public speaking', 'Soft skill'],
  ],
};
const TRAININGS_BY_ROLE: Record<string, [string, string, string][]> = {
  engineering: [
    ['AWS Cloud Practitioner', 'Certification', 'Cloud fundamentals, two days at BASIS Institute'],
    ['Secure coding (OWASP Top 10)', 'Workshop', 'In-house workshop'],
  ],
  qa: [
    ['ISTQB Foundation', 'Certification', 'Software testing foundation level'],
    ['Performance testing with k6', 'Online', 'Load and stress testing'],
  ],
  hr: [
    ['SHRM Essentials of HR', 'Certification', 'Online programme'],
    ['Bangladesh Labour Act 2006', 'Workshop', 'BEF seminar, Dhaka'],
  ],
  finance: [
    ['ICAB CPD programme', 'Seminar', 'Continuing professional development'],
    ['Advanced Excel', 'Online', 'Financial modelling'],
  ],
  sales: [
    ['Consultative selling', 'Workshop', 'Two-day workshop in Chattogram'],
    ['Customer service excellence', 'Online', 'Self-paced'],
  ],
  operations: [
    ['Lean Six Sigma Yellow Belt', 'Certification', 'Process improvement'],
    ['Fire safety and first aid', 'Workshop', 'Fire Service and Civil Defence'],
  ],
  management: [
    ['Leadership for managers', 'Workshop', 'IBA, University of Dhaka'],
    ['Performance coaching', 'Workshop', 'In-house programme'],
  ],
};
const ACHIEVEMENTS = [
  ['Employee of the Quarter', 'Recognised for outstanding delivery and teamwork.'],
  ['Best Team Player award', 'Voted by colleagues at the annual town hall.'],
  ['Zero-defect release', 'Led a release with no production incidents.'],
  ['Top performer, annual sales', 'Exceeded the yearly target by 20%.'],
  ['Process improvement award', 'Cut monthly closing from 7 to 4 days.'],
  ['Long service award', 'Five years with Meghna.'],
] as const;
const UNIVERSITIES = [
  'University of Dhaka',
  'Bangladesh University of Engineering and Technology',
  'North South University',
  'BRAC University',
  'University of Chittagong',
  'Shahjalal University of Science and Technology',
  'Independent University, Bangladesh',
  'Jahangirnagar University',
  'East West University',
  'Rajshahi University',
];
const COLLEGES = [
  'Notre Dame College, Dhaka',
  'Dhaka College',
  'Chittagong College',
  'Holy Cross College',
  'Murari Chand College, Sylhet',
  'Rajuk Uttara Model College',
  'Adamjee Cantonment College',
];
const SCHOOLS = [
  'Motijheel Model High School',
  'St. Joseph Higher Secondary School',
  'Chittagong Collegiate School',
  'Sylhet Government Pilot High School',
  'Viqarunnisa Noon School',
  'Ideal School and College',
  'Cumilla Zilla School',
];
const PALETTE = [
  '#0f766e',
  '#1d4ed8',
  '#7c3aed',
  '#b45309',
  '#be123c',
  '#15803d',
  '#0369a1',
  '#a21caf',
  '#c2410c',
  '#4d7c0f',
];

function roleOf(designation: string): keyof typeof SKILLS_BY_ROLE {
  if (/QA/i.test(designation)) return 'qa';
  if (/Engineer|Engineering/i.test(designation)) return 'engineering';
  if (/HR/i.test(designation)) return 'hr';
  if (/Financ|Account/i.test(designation)) return 'finance';
  if (/Sales/i.test(designation)) return 'sales';
  if (/Operations/i.test(designation)) return 'operations';
  return 'management';
}

const iso = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (d: Date, days: number) => new Date(d.getTime() + days * 86_400_000);
const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((p) => p[0]!.toUpperCase())
    .join('');

function photoSvg(name: string, color: string, px: number): Buffer {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${px}" height="${px}" viewBox="0 0 600 600">` +
      `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${color}"/>` +
      `<stop offset="1" stop-color="${color}" stop-opacity="0.78"/></linearGradient></defs>` +
      `<rect width="600" height="600" fill="url(#g)"/>` +
      `<text x="300" y="300" dy="0.35em" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" ` +
      `font-size="230" font-weight="600" fill="#ffffff">${initials(name)}</text></svg>`,
  );
}

/** The three photo sizes, drawn straight from the SVG at each size (sharper than scaling down). */
async function demoPhoto(name: string, color: string) {
  const [small, medium, big] = await Promise.all(
    [PHOTO_PIXELS.small, PHOTO_PIXELS.medium, PHOTO_PIXELS.big].map((px) =>
      sharp(photoSvg(name, color, px))
        .png({ compressionLevel: 6 })
        .toBuffer(),
    ),
  );
  return { mime: 'image/png', small: small!, medium: medium!, big: big! };
}

const ACTIVITY_KINDS: [category: string, type: string, description: (name: string) => string][] = [
  ['Attendance', 'Check-in', () => 'Checked in at the office'],
  ['Attendance', 'Check-out', () => 'Checked out'],
  ['Attendance', 'Check-in', () => 'Checked in from a client site'],
  ['Leave', 'Applied', () => 'Applied for casual leave'],
  ['Remote work', 'Applied', () => 'Applied for work from home'],
  ['KPI', 'Submitted', () => 'Submitted the KPI sheet for review'],
  ['Profile', 'Updated', () => 'Updated the profile'],
  ['HR services', 'Requested', () => 'Requested a salary certificate'],
];

export async function seedDemoProfiles(tx: Db, idByEid: Map<string, number>): Promise<void> {
  const ids = [...idByEid.values()];
  const people = await tx
    .select({
      id: employees.id,
      eid: employees.eid,
      name: employees.name,
      enabled: employees.enabled,
      designation: designations.name,
      office: offices.name,
    })
    .from(employees)
    .leftJoin(designations, eq(designations.id, employees.designationId))
    .leftJoin(offices, eq(offices.id, employees.officeId))
    .where(inArray(employees.id, ids));
  people.sort((a, b) => a.eid.localeCompare(b.eid));

  const lookups = await tx.select().from(lookupValues);
  const lookup = (kind: string, name: string) => {
    const row = lookups.find((l) => l.kind === kind && l.name === name);
    if (!row) throw new Error(`The lookup ${kind}/${name} is missing.`);
    return row.id;
  };
  const examRows = await tx.select().from(exams);
  const subjectRows = await tx.select().from(examSubjects);
  const exam = (name: string) => examRows.find((e) => e.name === name)!;
  const subject = (examName: string, name: string) =>
    subjectRows.find((s) => s.examId === exam(examName).id && s.name === name)!;

  const employeeUpdates: Promise<unknown>[] = [];
  const members: (typeof familyMembers.$inferInsert)[] = [];
  const contacts: (typeof employeeContacts.$inferInsert)[] = [];
  const histories: (typeof employmentHistories.$inferInsert)[] = [];
  const achievementRows: (typeof achievements.$inferInsert)[] = [];
  const trainingRows: (typeof trainings.$inferInsert)[] = [];
  const skillRows: (typeof skills.$inferInsert)[] = [];
  const educationRows: (typeof educations.$inferInsert)[] = [];
  const languageRows: (typeof languages.$inferInsert)[] = [];
  const separationRows: (typeof separations.$inferInsert)[] = [];
  const activityRows: (typeof activities.$inferInsert)[] = [];
  const today = new Date();
  today.setHours(0, 0, 0, 0);

  for (const p of people) {
    const r = generator(Number(p.eid) * 7919);
    const [first = '', ...rest] = p.name.split(' ');
    const surname = rest.at(-1) ?? '';
    const female = FEMALE.has(first);
    const hindu = HINDU_SURNAMES.has(surname) || first === 'Priya';
    const senior = /Head|Director|Manager/.test(p.designation ?? '');
    const role = roleOf(p.designation ?? '');
    const city: City = /Chattogram|Logistics/.test(p.office ?? '')
      ? 'ctg'
      : /Sylhet/.test(p.office ?? '')
        ? 'sylhet'
        : 'dhaka';
    const place = CITIES[city];

    const age = senior ? r.int(36, 52) : r.int(24, 38);
    const dob = new Date(today.getFullYear() - age, r.int(0, 11), r.int(1, 28));
    const joining = new Date(
      today.getFullYear() - (senior ? r.int(5, 12) : r.int(0, 6)),
      r.int(0, 11),
      r.int(1, 28),
    );
    if (joining > addDays(today, -30)) joining.setTime(addDays(today, -r.int(30, 200)).getTime());
    const confirmed = addDays(joining, 182) < today;
    const married = age > 29 ? r.chance(0.8) : r.chance(0.25);
    const [village, district] = r.pick(HOME_DISTRICTS);
    const father = hindu ? r.pick(HINDU_MALE_ELDERS) : r.pick(MALE_ELDERS);
    const mother = hindu ? r.pick(HINDU_FEMALE_ELDERS) : r.pick(FEMALE_ELDERS);
    const spouse = married ? (female ? r.pick(SPOUSES_M) : r.pick(SPOUSES_F)) : null;
    const marriageDate = married
      ? iso(new Date(dob.getFullYear() + r.int(25, Math.min(age, 32)), r.int(0, 11), r.int(1, 28)))
      : null;

    employeeUpdates.push(
      tx
        .update(employees)
        .set({
          genderId: lookup('gender', female ? 'Female' : 'Male'),
          religionId: lookup('religion', hindu ? 'Hinduism' : 'Islam'),
          dob: iso(dob),
          pob: r.pick(BIRTH_PLACES),
          joiningDate: iso(joining),
          confirmationDate: confirmed ? iso(addDays(joining, 182)) : null,
          nationality: 'Bangladeshi',
          nid: String(1_000_000_000 + ((Number(p.eid) * 7_654_321) % 8_999_999_999)),
          tin: String(100_000_000_000 + Number(p.eid) * 13_579),
          passportNo: r.chance(0.6) ? `A${String(r.int(10_000_000, 99_999_999))}` : null,
          drivingLicense: r.chance(0.35)
            ? `DK${String(r.int(1_000_000, 9_999_999))}L0000${r.int(1, 9)}`
            : null,
          statusId: lookup('employee_status', confirmed ? 'Permanent' : 'Probation'),
          levelId: lookup(
            'level',
            senior
              ? /Head|Director/.test(p.designation ?? '')
                ? 'Executive'
                : 'Lead'
              : r.pick(['Entry', 'Junior', 'Mid', 'Senior']),
          ),
          gradeId: lookup(
            'grade',
            senior ? r.pick(['Grade A', 'Grade B']) : r.pick(['Grade C', 'Grade D', 'Grade E']),
          ),
          presentAddress: `House ${r.int(2, 88)}, Road ${r.int(1, 27)}, ${r.pick(place.areas)}, ${place.city}`,
          permanentAddress: `Village ${village}, Upazila ${village}, ${district}`,
          fatherName: father,
          motherName: mother,
          spouseName: spouse,
          marriageDate,
          maritalStatusId: lookup('marital_status', married ? 'Married' : 'Single'),
        })
        .where(eq(employees.id, p.id)),
    );

    members.push(
      {
        employeeId: p.id,
        name: father,
        relation: 'Father',
        dob: iso(new Date(dob.getFullYear() - r.int(26, 34), r.int(0, 11), r.int(1, 28))),
        mobile: `017${r.int(10_000_000, 99_999_999)}`,
        occupation: r.pick(['Retired teacher', 'Businessman', 'Farmer', 'Retired government officer']),
      },
      {
        employeeId: p.id,
        name: mother,
        relation: 'Mother',
        dob: iso(new Date(dob.getFullYear() - r.int(22, 30), r.int(0, 11), r.int(1, 28))),
        mobile: null,
        occupation: r.pick(['Homemaker', 'Retired nurse', 'Teacher']),
      },
    );
    if (spouse) {
      members.push({
        employeeId: p.id,
        name: spouse,
        relation: 'Spouse',
        dob: iso(new Date(dob.getFullYear() + r.int(-2, 4), r.int(0, 11), r.int(1, 28))),
        mobile: `018${r.int(10_000_000, 99_999_999)}`,
        occupation: r.pick(['Banker', 'Doctor', 'Teacher', 'Engineer', 'Homemaker']),
      });
      if (age > 31 && r.chance(0.7))
        members.push({
          employeeId: p.id,
          name: `${r.pick(CHILDREN)} ${surname}`.slice(0, 30),
          relation: r.chance(0.5) ? 'Son' : 'Daughter',
          dob: iso(new Date(today.getFullYear() - r.int(1, 12), r.int(0, 11), r.int(1, 28))),
          mobile: null,
          occupation: 'Student',
        });
    }

    const emergencyName = spouse ?? father;
    contacts.push({
      employeeId: p.id,
      type: 'contact',
      name: emergencyName,
      mobile: `019${r.int(10_000_000, 99_999_999)}`,
      email: null,
      relation: spouse ? 'Spouse' : 'Father',
      address: `House ${r.int(2, 88)}, ${r.pick(place.areas)}, ${place.city}`,
      emergency: true,
      grantor: false,
    });
    contacts.push({
      employeeId: p.id,
      type: 'reference',
      name: r.pick([
        'Professor Anisuzzaman Khan',
        'Dr. Shahnaz Parvin',
        'Engr. Mahbubur Rahman',
        'Md. Golam Mostafa',
        'Dr. Tahsin Chowdhury',
      ]),
      mobile: `017${r.int(10_000_000, 99_999_999)}`,
      email: `${r.pick(['anis', 'shahnaz', 'mahbub', 'mostafa', 'tahsin'])}.${r.int(10, 99)}@example.com.bd`,
      nid: null,
      relation: r.pick(['Former supervisor', 'University teacher', 'Family friend']),
      address: r.pick(['Dhanmondi, Dhaka', 'Nasirabad, Chattogram', 'Uttara, Dhaka', 'Zindabazar, Sylhet']),
      emergency: false,
      grantor: r.chance(0.4),
    });

    // Past jobs end before joining Meghna.
    let end = addDays(joining, -r.int(10, 60));
    for (let i = 0, n = senior ? r.int(1, 2) : r.int(0, 1); i < n; i++) {
      const start = new Date(end.getFullYear() - r.int(1, 4), r.int(0, 11), 1);
      const [company, address] = r.pick(PAST_EMPLOYERS);
      histories.push({
        employeeId: p.id,
        company,
        designation:
          role === 'engineering'
            ? r.pick(['Software Engineer', 'Junior Software Engineer'])
            : r.pick(['Executive', 'Senior Executive', 'Officer']),
        fromDate: iso(start),
        toDate: iso(end),
        address,
      });
      end = addDays(start, -r.int(20, 90));
    }

    for (const [name, description] of [
      r.pick(ACHIEVEMENTS),
      ...(senior ? [r.pick(ACHIEVEMENTS)] : []),
    ].filter((a, i, all) => all.indexOf(a) === i))
      achievementRows.push({
        employeeId: p.id,
        name,
        date: iso(addDays(today, -r.int(40, 900))),
        description,
      });
    for (const [name, type, description] of TRAININGS_BY_ROLE[role]!.slice(0, r.int(1, 2)))
      trainingRows.push({ employeeId: p.id, name, type, description });
    const roleSkills = [...SKILLS_BY_ROLE[role]!].sort(() => r.next() - 0.5).slice(0, r.int(2, 4));
    for (const [name, type] of roleSkills)
      skillRows.push({ employeeId: p.id, name, type, efficiency: r.int(2, 5), description: null });

    const year = (offset: number) => dob.getFullYear() + offset;
    const group = role === 'finance' || role === 'sales' || role === 'hr' ? 'Commerce' : 'Science';
    const edu = (
      examName: string,
      subjectName: string,
      institute: string,
      passingYear: number,
      duration: number,
      result: string,
    ) =>
      educationRows.push({
        employeeId: p.id,
        institute,
        examId: exam(examName).id,
        typeId: exam(examName).educationTypeId!,
        passingYear,
        duration,
        durationUnitId: lookup('duration_unit', 'Year'),
        subjectId: subject(examName, subjectName).id,
        certificateNo: `${examName.replace(/\s+/g, '').slice(0, 6).toUpperCase()}-${passingYear}-${r.int(100_000, 999_999)}`,
        result,
        description: null,
      });
    edu('SSC', group, r.pick(SCHOOLS), year(16), 2, `GPA ${r.pick(['5.00', '5.00', '4.88', '4.75'])}`);
    edu('HSC', group, r.pick(COLLEGES), year(18), 2, `GPA ${r.pick(['5.00', '4.92', '4.80', '4.58'])}`);
    const bachelor =
      role === 'engineering' || role === 'qa'
        ? ([
            'BSc',
            r.pick(['Computer Science and Engineering', 'Electrical and Electronic Engineering']),
          ] as const)
        : role === 'management' || role === 'operations'
          ? (['BBA', r.pick(['Marketing', 'Finance'])] as const)
          : ([
              'BBA',
              role === 'hr' ? 'Human Resource Management' : role === 'finance' ? 'Accounting' : 'Marketing',
            ] as const);
    edu(
      bachelor[0],
      bachelor[1],
      r.pick(UNIVERSITIES),
      year(23),
      4,
      `CGPA ${(r.int(300, 385) / 100).toFixed(2)}`,
    );
    if (senior && r.chance(0.6))
      edu(
        'MBA',
        r.pick(['Finance', 'Marketing', 'Human Resource Management']),
        r.pick([
          'Institute of Business Administration, University of Dhaka',
          'North South University',
          'BRAC Business School',
        ]),
        year(26),
        2,
        `CGPA ${(r.int(320, 390) / 100).toFixed(2)}`,
      );

    languageRows.push(
      {
        employeeId: p.id,
        name: 'Bangla',
        writingId: lookup('language_proficiency', 'Native'),
        readingId: lookup('language_proficiency', 'Native'),
        speakingId: lookup('language_proficiency', 'Native'),
        description: 'Mother tongue',
      },
      {
        employeeId: p.id,
        name: 'English',
        writingId: lookup('language_proficiency', r.pick(['Fluent', 'Intermediate'])),
        readingId: lookup('language_proficiency', 'Fluent'),
        speakingId: lookup('language_proficiency', r.pick(['Fluent', 'Intermediate'])),
        description: r.chance(0.4) ? `IELTS ${r.pick(['6.5', '7.0', '7.5'])}` : null,
      },
    );
    if (r.chance(0.3))
      languageRows.push({
        employeeId: p.id,
        name: r.pick(['Hindi', 'Arabic', 'Japanese']),
        writingId: lookup('language_proficiency', 'Basic'),
        readingId: lookup('language_proficiency', 'Basic'),
        speakingId: lookup('language_proficiency', 'Intermediate'),
        description: null,
      });

    if (!p.enabled) {
      separationRows.push({
        employeeId: p.id,
        resignDate: iso(addDays(today, -45)),
        lastWorkingDate: iso(addDays(today, -15)),
        certIssued: true,
        typeId: lookup('separation_type', 'Resignation'),
        statusId: lookup('separation_status', 'Completed'),
        modeId: lookup('separation_mode', 'Voluntary'),
      });
    }

    // About three dozen activities over the last three months, around the office's city.
    for (let i = 0, n = r.int(30, 42); i < n; i++) {
      const [category, type, description] = r.pick(ACTIVITY_KINDS);
      const at = addDays(today, -r.int(0, 88));
      at.setHours(r.int(8, 19), r.int(0, 59), r.int(0, 59));
      if (at > new Date()) at.setTime(Date.now() - r.int(60, 3600) * 1000);
      activityRows.push({
        employeeId: p.id,
        category,
        type,
        description: description(p.name),
        address: `${r.pick(place.areas)}, ${place.city}`,
        latitude: Number((place.lat + (r.next() - 0.5) * 0.08).toFixed(6)),
        longitude: Number((place.lng + (r.next() - 0.5) * 0.08).toFixed(6)),
        createdAt: at,
      });
    }
  }

  const photos = await Promise.all(
    people.map(async (p, i) => ({
      employeeId: p.id,
      ...(await demoPhoto(p.name, PALETTE[i % PALETTE.length]!)),
    })),
  );

  // One after another: a transaction runs one statement at a time.
  for (const update of employeeUpdates) await update;
  await tx.insert(familyMembers).values(members);
  await tx.insert(employeeContacts).values(contacts);
  if (histories.length) await tx.insert(employmentHistories).values(histories);
  await tx.insert(achievements).values(achievementRows);
  await tx.insert(trainings).values(trainingRows);
  await tx.insert(skills).values(skillRows);
  await tx.insert(educations).values(educationRows);
  await tx.insert(languages).values(languageRows);
  if (separationRows.length) await tx.insert(separations).values(separationRows);
  activityRows.sort((a, b) => a.createdAt!.getTime() - b.createdAt!.getTime());
  await tx.insert(activities).values(activityRows);
  await tx.insert(employeePhotos).values(photos);
  await tx
    .update(employees)
    .set({ photoVersion: 1 })
    .where(
      inArray(
        employees.id,
        photos.map((p) => p.employeeId),
      ),
    );
}

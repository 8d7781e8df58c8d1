import { z } from 'zod';
import { fileNameText } from './file-names';
import { ADDRESS_MAX, COMMENT_MAX, EID_MAX, PASSPORT_MAX, PASSPORT_MIN } from './limits';
import { idName } from './lookups';
import { MESSAGES } from './messages';
import { personRef, photo } from './people';
import { STANDINGS } from './privacy';
import { linesText, lineText, type TextKind } from './text';

/**
 * The employee profile (SPEC.md §3 Employee, §5 Profile rules, §7 Employees):
 * the bodies of every profile call, the profile answer with what the viewer
 * may do, documents, photo and the activity log.
 */

export const PROFILE_NAME_MIN = 4;
export const PROFILE_NAME_MAX = 50;
export const MEMBER_NAME_MAX = 30;
export const LANGUAGE_NAME_MAX = 50;
export const INSTITUTE_MIN = 4;
export const INSTITUTE_MAX = 100;
export const MOBILE_DIGITS = 11;
export const PASSING_YEAR_MIN = 1950;
export const PASSING_YEAR_MAX = 2100;
/** A profile photo's upload, decoded, may be at most 2 MB. */
export const PHOTO_MAX_BYTES = 2 * 1024 * 1024;
/** A profile document, decoded, may be at most 5 MB. */
export const DOCUMENT_MAX_BYTES = 5 * 1024 * 1024;
/** Photo sizes kept after an upload (square, in pixels). */
export const PHOTO_PIXELS = { small: 64, medium: 200, big: 600 } as const;
/** Activities per page: the list shows 10, the map 100 (SPEC.md §9). */
export const ACTIVITY_LIST_LIMIT = 10;
export const ACTIVITY_MAP_LIMIT = 100;
export const ACTIVITY_LIMITS = [10, 20, 50, 100] as const;

/** The length of a base64 text that decodes to `bytes` bytes (padded). */
export const base64Length = (bytes: number) => 4 * Math.ceil(bytes / 3);

// ---------------------------------------------------------------------------
// Building blocks

/** Empty text (or nothing) becomes null; text is trimmed. */
function blankToNull(value: unknown): unknown {
  if (typeof value === 'string') return value.trim() === '' ? null : value.trim();
  return value ?? null;
}

/** An optional field: missing, null or blank is null, anything else must pass `schema`. */
export function optional<T extends z.ZodType>(schema: T) {
  return z.preprocess(blankToNull, schema.nullable());
}

/** Required one-line text (a name, a title): trimmed, `message` when missing or blank. */
const requiredText = (message: string) =>
  lineText(z.string({ error: message }).trim()).min(1, { error: message, abort: true });

/** Optional text of one line (a name, a title) or of several (an address, a description). */
const text = (max: number, message: string, kind: TextKind = 'line') =>
  optional((kind === 'line' ? lineText(z.string()) : linesText(z.string())).max(max, message));

const description = text(COMMENT_MAX, MESSAGES.descriptionTooLong, 'lines');
const address = text(ADDRESS_MAX, MESSAGES.addressTooLong, 'lines');

/** A calendar date as the API sends it: YYYY-MM-DD. */
export const apiDate = z.iso.date({ error: MESSAGES.dateInvalid });
const optionalDate = optional(apiDate);

/** The id of a chosen option (lookup, exam, subject...). */
const requiredId = (message: string) =>
  z.number({ error: message }).int(MESSAGES.choiceInvalid).positive(MESSAGES.choiceInvalid);
const optionalId = optional(z.number({ error: MESSAGES.choiceInvalid }).int().positive());

/**
 * A mobile number (SPEC.md §5): digits only, 11 of them, starting 01 and
 * not 010 or 012. One message at a time, in that order.
 */
export const mobileNumber = z
  .string({ error: MESSAGES.mobileRequired })
  .trim()
  .min(1, { error: MESSAGES.mobileRequired, abort: true })
  .regex(/^\d+$/, { error: MESSAGES.mobileDigits, abort: true })
  .length(MOBILE_DIGITS, { error: MESSAGES.mobileLength, abort: true })
  .regex(/^01[13-9]/, MESSAGES.mobileInvalid);

const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
export const emailAddress = lineText(z.string())
  .max(254, MESSAGES.emailInvalid)
  .regex(EMAIL_PATTERN, MESSAGES.emailInvalid);

/** A person's name on the profile: required, 4 to 50 characters. */
export const profileName = requiredText(MESSAGES.nameRequired)
  .min(PROFILE_NAME_MIN, MESSAGES.profileNameLength)
  .max(PROFILE_NAME_MAX, MESSAGES.profileNameLength);

const EID_PATTERN = /^[A-Za-z0-9._-]+$/;

export const BLOOD_GROUPS = ['A+', 'A-', 'B+', 'B-', 'O+', 'O-', 'AB+', 'AB-'] as const;

// ---------------------------------------------------------------------------
// Section bodies

/** PATCH employees/{id}: the main details (HR administrators). */
export const basicInput = z.object({
  name: profileName,
  eid: requiredText(MESSAGES.profileEidRequired)
    .max(EID_MAX, MESSAGES.eidInvalid)
    .regex(EID_PATTERN, MESSAGES.eidInvalid),
  mobile: mobileNumber,
  email: optional(emailAddress),
  blood_group: optional(z.enum(BLOOD_GROUPS, { error: MESSAGES.choiceInvalid })),
  designation: text(100, MESSAGES.maxLength100),
  status_id: optionalId,
  level_id: optionalId,
  grade_id: optionalId,
});
export type BasicInput = z.input<typeof basicInput>;

/** PATCH employees/{id}/general */
export const generalInput = z
  .object({
    pob: text(100, MESSAGES.maxLength100),
    dob: optionalDate,
    gender_id: optionalId,
    religion_id: optionalId,
    nationality: text(60, MESSAGES.maxLength60),
    nid: text(30, MESSAGES.maxLength30),
    tin: text(30, MESSAGES.maxLength30),
    passport_no: optional(
      lineText(z.string())
        .min(PASSPORT_MIN, MESSAGES.passportLength)
        .max(PASSPORT_MAX, MESSAGES.passportLength),
    ),
    driving_license: text(30, MESSAGES.maxLength30),
    joining_date: optionalDate,
    confirmation_date: optionalDate,
  })
  .refine((v) => !v.joining_date || !v.confirmation_date || v.confirmation_date >= v.joining_date, {
    path: ['confirmation_date'],
    message: MESSAGES.confirmationBeforeJoining,
  });
export type GeneralInput = z.input<typeof generalInput>;

/** PATCH employees/{id}/address */
export const addressInput = z.object({
  present: address,
  permanent: address,
});
export type AddressInput = z.input<typeof addressInput>;

/** PATCH employees/{id}/family */
export const familyInput = z.object({
  father_name: text(100, MESSAGES.maxLength100),
  mother_name: text(100, MESSAGES.maxLength100),
  spouse_name: text(100, MESSAGES.maxLength100),
  marriage_date: optionalDate,
  marital_status_id: optionalId,
});
export type FamilyInput = z.input<typeof familyInput>;

/** POST employees/{id}/family/members, PATCH employees/{id}/family/members/{itemId} */
export const memberInput = z.object({
  name: requiredText(MESSAGES.nameRequired)
    .min(PROFILE_NAME_MIN, MESSAGES.memberNameLength)
    .max(MEMBER_NAME_MAX, MESSAGES.memberNameLength),
  relation: text(30, MESSAGES.maxLength30),
  dob: optionalDate,
  mobile: optional(mobileNumber),
  occupation: text(100, MESSAGES.maxLength100),
});
export type MemberInput = z.input<typeof memberInput>;

/** References and contacts: POST employees/{id}/references | contacts */
export const contactInput = z.object({
  name: profileName,
  mobile: mobileNumber,
  email: optional(emailAddress),
  nid: text(30, MESSAGES.maxLength30),
  relation: text(60, MESSAGES.maxLength60),
  address,
  emergency: z.boolean().default(false),
  grantor: z.boolean().default(false),
});
export type ContactInput = z.input<typeof contactInput>;

/** Employment history: POST employees/{id}/histories */
export const historyInput = z
  .object({
    company: requiredText(MESSAGES.companyNameRequired).max(100, MESSAGES.maxLength100),
    designation: requiredText(MESSAGES.designationRequired).max(100, MESSAGES.maxLength100),
    from: z
      .string({ error: MESSAGES.fromDateRequired })
      .min(1, { error: MESSAGES.fromDateRequired, abort: true })
      .pipe(apiDate),
    to: optionalDate,
    address,
  })
  .refine((v) => !v.to || v.to >= v.from, { path: ['to'], message: MESSAGES.toBeforeFrom });
export type HistoryInput = z.input<typeof historyInput>;

const itemName = requiredText(MESSAGES.nameRequired).max(100, MESSAGES.maxLength100);

/** POST employees/{id}/achievements */
export const achievementInput = z.object({
  name: itemName,
  date: optionalDate,
  description,
});
export type AchievementInput = z.input<typeof achievementInput>;

/** POST employees/{id}/trainings */
export const trainingInput = z.object({
  name: itemName,
  type: text(60, MESSAGES.maxLength60),
  description,
});
export type TrainingInput = z.input<typeof trainingInput>;

/** POST employees/{id}/skills; efficiency is 1 (basic) to 5 (expert). */
export const skillInput = z.object({
  name: itemName,
  type: text(60, MESSAGES.maxLength60),
  efficiency: optional(
    z
      .number({ error: MESSAGES.efficiencyRange })
      .int(MESSAGES.efficiencyRange)
      .min(1, MESSAGES.efficiencyRange)
      .max(5, MESSAGES.efficiencyRange),
  ),
  description,
});
export type SkillInput = z.input<typeof skillInput>;

/** POST employees/{id}/educations (SPEC.md §5 Education) */
export const educationInput = z.object({
  institute: requiredText(MESSAGES.instituteRequired)
    .min(INSTITUTE_MIN, MESSAGES.instituteLength)
    .max(INSTITUTE_MAX, MESSAGES.instituteLength),
  exam_id: requiredId(MESSAGES.examRequired),
  type_id: requiredId(MESSAGES.educationTypeRequired),
  passing_year: z
    .number({ error: MESSAGES.passingYearRequired })
    .int(MESSAGES.passingYearInvalid)
    .min(PASSING_YEAR_MIN, MESSAGES.passingYearInvalid)
    .max(PASSING_YEAR_MAX, MESSAGES.passingYearInvalid),
  duration: z
    .number({ error: MESSAGES.durationRequired })
    .int(MESSAGES.durationMin)
    .min(1, MESSAGES.durationMin)
    .max(99, MESSAGES.durationMax),
  duration_unit_id: requiredId(MESSAGES.durationUnitRequired),
  subject_id: requiredId(MESSAGES.subjectRequired),
  certificate_no: requiredText(MESSAGES.certificateRequired).max(60, MESSAGES.maxLength60),
  result: requiredText(MESSAGES.resultRequired).max(30, MESSAGES.maxLength30),
  description,
});
export type EducationInput = z.input<typeof educationInput>;

/** POST employees/{id}/languages; levels come from lookups/language-proficiencies. */
export const languageInput = z.object({
  name: requiredText(MESSAGES.nameRequired)
    .min(PROFILE_NAME_MIN, MESSAGES.profileNameLength)
    .max(LANGUAGE_NAME_MAX, MESSAGES.profileNameLength),
  writing_id: requiredId(MESSAGES.writingRequired),
  reading_id: requiredId(MESSAGES.readingRequired),
  speaking_id: requiredId(MESSAGES.speakingRequired),
  description,
});
export type LanguageInput = z.input<typeof languageInput>;

/** PATCH employees/{id}/separation (HR administrators) */
export const separationInput = z
  .object({
    resign_date: optionalDate,
    last_working_date: optionalDate,
    cert_issued: z.boolean().default(false),
    type_id: optionalId,
    status_id: optionalId,
    mode_id: optionalId,
  })
  .refine((v) => !v.resign_date || !v.last_working_date || v.last_working_date >= v.resign_date, {
    path: ['last_working_date'],
    message: MESSAGES.lastWorkingBeforeResign,
  });
export type SeparationInput = z.input<typeof separationInput>;

/** A base64 text (a `data:` URL prefix is allowed); its decoded size is checked by the server. */
export const base64Text = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message, abort: true })
    .regex(/^(data:[\w.+-]+\/[\w.+-]+;base64,)?[A-Za-z0-9+/\s]*={0,2}$/, message);

/** PATCH employees/photo/{id} */
export const photoUpload = z.object({ photo: base64Text(MESSAGES.photoRequired) });
export type PhotoUpload = z.infer<typeof photoUpload>;

/** POST employees/{id}/files: a document as base64 JSON. */
export const documentUpload = z.object({
  name: itemName,
  file_name: fileNameText(MESSAGES.fileRequired, MESSAGES.fileNameTooLong),
  file: base64Text(MESSAGES.fileRequired),
});
export type DocumentUpload = z.infer<typeof documentUpload>;

/** PATCH employees/{id}/files/{fileId}: renames a document. */
export const documentRename = z.object({ name: itemName });

/** DELETE employees/{id}/{section} with the item's id in the body. */
export const itemIdBody = z.object({ id: z.number({ error: 'Item must not be empty' }).int().positive() });

// ---------------------------------------------------------------------------
// Admin controls (SPEC.md §7): employee_id in the body

const employeeId = z.number({ error: 'Employee must not be empty' }).int().positive();
export const employeeIdBody = z.object({ employee_id: employeeId });
export const assignCompanyBody = z.object({
  employee_id: employeeId,
  company_id: z.number({ error: MESSAGES.companyNameRequired }).int().positive(),
});
export const assignOfficeBody = z.object({
  employee_id: employeeId,
  office_id: z.number({ error: 'Office must not be empty' }).int().positive(),
});
export const groupBody = z.object({
  employee_id: employeeId,
  group_tree_id: z.number({ error: 'Group must not be empty' }).int().positive(),
});
export const assetBody = z.object({
  employee_id: employeeId,
  asset_id: z.number({ error: 'Asset must not be empty' }).int().positive(),
});

// ---------------------------------------------------------------------------
// Answers

/** How the viewer stands to the employee (packages/contracts privacy.ts): `above` is a manager above the O&O. */
export const RELATIONS = STANDINGS;
export type Relation = (typeof RELATIONS)[number];

/** The parts of a profile someone may change; each is one call of SPEC.md §7. */
export const PROFILE_SECTIONS = [
  'basic',
  'general',
  'address',
  'family',
  'members',
  'references',
  'contacts',
  'histories',
  'achievements',
  'trainings',
  'skills',
  'educations',
  'languages',
  'separation',
  'photo',
  'files',
] as const;
export type ProfileSection = (typeof PROFILE_SECTIONS)[number];

/** What the viewer may do on this profile; the screen shows only that, the server enforces it. */
export const profilePermissions = z.object({
  relation: z.enum(RELATIONS),
  is_admin: z.boolean(),
  /** `full`: every section; `card`: the directory card only. */
  view: z.enum(['full', 'card']),
  edit: z.record(z.enum(PROFILE_SECTIONS), z.boolean()),
  /** Enable/disable, add user, company, office, groups and assets. */
  admin: z.boolean(),
  activities: z.boolean(),
  /** The change log of the record (GET employees/{id}/changes). */
  changes: z.boolean(),
  impersonate: z.boolean(),
});
export type ProfilePermissions = z.infer<typeof profilePermissions>;

const date = z.string().nullable();
const id = z.number().int();

export const familyMember = z.object({
  id,
  name: z.string(),
  relation: z.string().nullable(),
  dob: date,
  mobile: z.string().nullable(),
  occupation: z.string().nullable(),
});
export type FamilyMember = z.infer<typeof familyMember>;

export const contact = z.object({
  id,
  name: z.string(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  nid: z.string().nullable(),
  relation: z.string().nullable(),
  address: z.string().nullable(),
  emergency: z.boolean(),
  grantor: z.boolean(),
});
export type Contact = z.infer<typeof contact>;

export const history = z.object({
  id,
  company: z.string(),
  designation: z.string(),
  from: z.string(),
  to: date,
  address: z.string().nullable(),
});
export type History = z.infer<typeof history>;

export const achievement = z.object({ id, name: z.string(), date, description: z.string().nullable() });
export type Achievement = z.infer<typeof achievement>;

export const training = z.object({
  id,
  name: z.string(),
  type: z.string().nullable(),
  description: z.string().nullable(),
});
export type Training = z.infer<typeof training>;

export const skill = z.object({
  id,
  name: z.string(),
  type: z.string().nullable(),
  efficiency: z.number().int().nullable(),
  description: z.string().nullable(),
});
export type Skill = z.infer<typeof skill>;

export const education = z.object({
  id,
  institute: z.string(),
  exam_id: id,
  exam: idName,
  type_id: id,
  type: idName,
  passing_year: z.number().int(),
  duration: z.number().int(),
  duration_unit_id: id,
  duration_unit: idName,
  subject_id: id,
  subject: idName,
  certificate_no: z.string(),
  result: z.string(),
  description: z.string().nullable(),
});
export type Education = z.infer<typeof education>;

export const language = z.object({
  id,
  name: z.string(),
  writing_id: id,
  writing: idName,
  reading_id: id,
  reading: idName,
  speaking_id: id,
  speaking: idName,
  description: z.string().nullable(),
});
export type Language = z.infer<typeof language>;

export const profileAsset = z.object({
  id,
  name: z.string(),
  code: z.string().nullable(),
  description: z.string().nullable(),
  assigned_at: z.string(),
});
export type ProfileAsset = z.infer<typeof profileAsset>;

export const profileDocument = z.object({
  id,
  name: z.string(),
  file_name: z.string(),
  mime: z.string(),
  size: z.number().int(),
  created: z.string(),
});
export type ProfileDocument = z.infer<typeof profileDocument>;

export const generalSection = z.object({
  pob: z.string().nullable(),
  dob: date,
  gender_id: id.nullable(),
  gender: idName.nullable(),
  religion_id: id.nullable(),
  religion: idName.nullable(),
  nationality: z.string().nullable(),
  nid: z.string().nullable(),
  tin: z.string().nullable(),
  passport_no: z.string().nullable(),
  driving_license: z.string().nullable(),
  joining_date: date,
  confirmation_date: date,
});
export type GeneralSection = z.infer<typeof generalSection>;

export const familySection = z.object({
  father_name: z.string().nullable(),
  mother_name: z.string().nullable(),
  spouse_name: z.string().nullable(),
  marriage_date: date,
  marital_status_id: id.nullable(),
  marital_status: idName.nullable(),
  members: z.array(familyMember),
});
export type FamilySection = z.infer<typeof familySection>;

export const separationSection = z.object({
  resign_date: date,
  last_working_date: date,
  cert_issued: z.boolean(),
  type_id: id.nullable(),
  type: idName.nullable(),
  status_id: id.nullable(),
  status: idName.nullable(),
  mode_id: id.nullable(),
  mode: idName.nullable(),
});
export type SeparationSection = z.infer<typeof separationSection>;

export const employeeUser = z.object({
  id,
  username: z.string(),
  is_admin: z.boolean(),
  /** False until the invited employee has chosen a password. */
  has_password: z.boolean(),
});

export const profileGroup = z.object({ id, name: z.string(), group: idName });
export type ProfileGroup = z.infer<typeof profileGroup>;

/** The directory card fields every signed-in employee may see. */
const cardFields = {
  id,
  eid: z.string(),
  name: z.string(),
  designation: z.string().nullable(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  company: z.string().nullable(),
  office: z.string().nullable(),
  photo,
};

export const profileCard = z.object({
  ...cardFields,
  view: z.literal('card'),
  permissions: profilePermissions,
});

export const profileFull = z.object({
  ...cardFields,
  view: z.literal('full'),
  permissions: profilePermissions,
  enabled: z.boolean(),
  blood_group: z.string().nullable(),
  company_id: id.nullable(),
  office_id: id.nullable(),
  status_id: id.nullable(),
  status: idName.nullable(),
  level_id: id.nullable(),
  level: idName.nullable(),
  grade_id: id.nullable(),
  grade: idName.nullable(),
  /** The line manager. */
  parent: personRef.nullable(),
  one_over_one: personRef.nullable(),
  employee_user: employeeUser.nullable(),
  groups: z.array(profileGroup),
  general: generalSection,
  address: z.object({ present: z.string().nullable(), permanent: z.string().nullable() }),
  family: familySection,
  references: z.array(contact),
  contacts: z.array(contact),
  histories: z.array(history),
  achievements: z.array(achievement),
  trainings: z.array(training),
  skills: z.array(skill),
  educations: z.array(education),
  languages: z.array(language),
  assets: z.array(profileAsset),
  files: z.array(profileDocument),
  separation: separationSection.nullable(),
  created: z.string(),
  updated: z.string(),
});

/** GET employees/{id}: the whole profile, or only the card, by who is asking. */
export const employeeProfile = z.discriminatedUnion('view', [profileCard, profileFull]);
export type EmployeeProfile = z.infer<typeof employeeProfile>;
export type FullProfile = z.infer<typeof profileFull>;

/** GET employees/{id}/admin-options: what the admin controls offer. */
export const adminOptions = z.object({
  companies: z.array(idName),
  offices: z.array(idName.extend({ company_id: id })),
  groups: z.array(idName.extend({ trees: z.array(idName.extend({ parent_id: id.nullable() })) })),
  /** Assets nobody holds. */
  assets: z.array(idName.extend({ code: z.string().nullable() })),
});
export type AdminOptions = z.infer<typeof adminOptions>;

/** POST users/employees: the user made for an employee and where the invitation went. */
export const userCreated = z.object({
  message: z.string(),
  user: employeeUser,
  sent_to: z.array(z.object({ channel: z.enum(['sms', 'email']), recipient: z.string() })),
});

// ---------------------------------------------------------------------------
// Activity log

export const ACTIVITY_FILTERS = ['this_week', 'this_month', 'last_month', 'last_three_months'] as const;
export type ActivityFilter = (typeof ACTIVITY_FILTERS)[number];
export const ACTIVITY_SORTS = ['id,desc', 'id,asc', 'created,desc', 'created,asc'] as const;

/** GET employee/activities */
export const activitiesQuery = z.object({
  employee_id: z.coerce.number().int().positive().optional(),
  filter: z.enum(ACTIVITY_FILTERS).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce
    .number()
    .int()
    .refine((v) => (ACTIVITY_LIMITS as readonly number[]).includes(v), {
      message: `limit must be one of ${ACTIVITY_LIMITS.join(', ')}`,
    })
    .default(ACTIVITY_LIST_LIMIT),
  sort: z.enum(ACTIVITY_SORTS).default('id,desc'),
});
export type ActivitiesQuery = z.input<typeof activitiesQuery>;

export const activity = z.object({
  id,
  category: z.string(),
  type: z.string(),
  description: z.string().nullable(),
  address: z.string().nullable(),
  created: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
export type Activity = z.infer<typeof activity>;

export const pagination = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  pages: z.number().int(),
  /** Links (URLs) to the next and previous pages, or null. */
  next: z.string().nullable(),
  prev: z.string().nullable(),
});

export const activitiesPage = z.object({
  items: z.array(activity),
  count: z.number().int(),
  total: z.number().int(),
  pagination,
});
export type ActivitiesPage = z.infer<typeof activitiesPage>;

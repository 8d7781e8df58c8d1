/**
 * The exact validation and notice texts of SPEC.md §5 and §8.
 * Schemas use these texts; the web app translates them by their id
 * (`validation.<id>` in the locale files), falling back to the English text.
 */
export const MESSAGES = {
  // Sign-in
  eidInvalid: 'The input is not valid Employee ID!',
  passwordRequiredSignIn: 'Please input your Password!',
  // Forgot password and reset
  eidRequired: 'Please input your E-Id!',
  otpRequired: 'Please input your OTP!',
  otpLength: 'OTP must have a length 4',
  passwordRequired: 'Please input your password!',
  passwordLength: 'Password must have a length between 6 and 20',
  confirmRequired: 'Please confirm your password!',
  passwordsMismatch: 'The two passwords that you entered do not match!',
  // Images
  uploadJpgPng: 'You can only upload JPG/PNG file!',
  imageTooLarge: 'Image must smaller than 200KB!',
  photoPngJpeg: 'Only PNG and JPEG formats are allowed.',
  // Profile
  mobileDigits: 'Mobile must have be digit',
  mobileLength: 'Mobile must have a length 11',
  mobileInvalid: 'Mobile number is not valid',
  emailInvalid: 'The input is not valid E-mail!',
  // Comments and sections
  commentTooLong: 'Comment must be less then 2001 characters',
  commentBlank: 'Please write your comment!',
  // Objectives and KPIs
  nameRequired: 'Name must not be empty',
  objectiveNameLength: 'Name must have a length between 4 and 60',
  weightRange: 'Weight must be 1 to 100!',
  timeRequired: 'Time must not be empty',
  targetRequired: 'Target must not be 0',
  // EPR
  startDateRequired: 'Start date must not be empty',
  endDateRequired: 'End date must not be empty',
  // Leave
  selectFormat: 'Select format',
  selectResponsible: 'Please select responsible person',
  addressTooLong: 'length should be less than or equal to 250',
  // Remote work
  selectType: 'Select type',
  // HR services
  serviceRequired: 'Service must not be empty',
  issueDateRequired: 'Issue Date must not be empty',
  descriptionRequired: 'Description must not be empty',
  nocTypeRequired: 'NOC Type must not be empty',
  toDateRequired: 'To Date must not be empty',
  fromDateRequired: 'From Date must not be empty',
  passportRequired: 'Passport number must not be empty',
  passportLength: 'Passport number must have a length between 4 and 32',
  countryRequired: 'Country must not be empty',
  reasonRequired: 'Reason must not be empty',
  // Employee profile (SPEC.md §5 names the rules; where it gives no text, these are the portal's)
  profileEidRequired: 'E-ID must not be empty',
  mobileRequired: 'Mobile must not be empty',
  profileNameLength: 'Name must have a length between 4 and 50',
  memberNameLength: 'Name must have a length between 4 and 30',
  writingRequired: 'Writing must not be empty',
  readingRequired: 'Reading must not be empty',
  speakingRequired: 'Speaking must not be empty',
  instituteRequired: 'Institute must not be empty',
  instituteLength: 'Institute must have a length between 4 and 100',
  examRequired: 'Exam must not be empty',
  educationTypeRequired: 'Type must not be empty',
  passingYearRequired: 'Passing year must not be empty',
  passingYearInvalid: 'Passing year is not valid',
  durationRequired: 'Duration must not be empty',
  durationMin: 'Duration must be at least 1',
  durationUnitRequired: 'Duration type must not be empty',
  subjectRequired: 'Subject must not be empty',
  certificateRequired: 'Certificate no must not be empty',
  resultRequired: 'Result must not be empty',
  companyNameRequired: 'Company must not be empty',
  designationRequired: 'Designation must not be empty',
  dateInvalid: 'The date is not valid',
  toBeforeFrom: 'To date must not be before the from date',
  confirmationBeforeJoining: 'Confirmation date must not be before the joining date',
  lastWorkingBeforeResign: 'Last working date must not be before the resign date',
  efficiencyRange: 'Efficiency must be 1 to 5!',
  choiceInvalid: 'The selected value is not valid',
  maxLength30: 'Must be at most 30 characters',
  maxLength60: 'Must be at most 60 characters',
  maxLength100: 'Must be at most 100 characters',
  descriptionTooLong: 'Description must be at most 2000 characters',
  photoRequired: 'Please choose a photo.',
  photoTooLarge: 'The photo must be at most 2 MB.',
  fileRequired: 'Please choose a file.',
  fileTooLarge: 'The file must be at most 5 MB.',
  durationMax: 'Duration must be at most 99',
  fileNameTooLong: 'The file name must be at most 255 characters',
  eidTaken: 'This E-ID is already in use',
  officeOtherCompany: 'This office belongs to another company',
} as const;

export type MessageId = keyof typeof MESSAGES;

const idByText = new Map<string, MessageId>(
  (Object.entries(MESSAGES) as [MessageId, string][]).map(([id, text]) => [text, id]),
);

/** The id of a known message text, so a client can translate a server's field error. */
export function messageId(text: string): MessageId | undefined {
  return idByText.get(text);
}

/** Translation keys by text: `validation.<id>` for MESSAGES, `<prefix>.<id>` for a module's own texts. */
const keyByText = new Map<string, string>(
  (Object.entries(MESSAGES) as [MessageId, string][]).map(([id, text]) => [text, `validation.${id}`]),
);

/**
 * A module's validation texts beyond SPEC.md §5 (a form still needs a message
 * where SPEC.md gives none). They translate under `<prefix>.<id>` in the
 * module's locale file.
 */
export function defineMessages<T extends Record<string, string>>(prefix: string, messages: T): T {
  for (const [id, text] of Object.entries(messages))
    if (!keyByText.has(text)) keyByText.set(text, `${prefix}.${id}`);
  return messages;
}

/** The translation key of a validation text, if it is a known one. */
export function messageKey(text: string): string | undefined {
  return keyByText.get(text);
}

/** Success notices of SPEC.md §8. */
export const NOTICES = {
  statusUpdated: 'Status has been updated!',
  sectionAUpdated: 'Section A has been updated!',
  messageSubmitted: 'Message has been successfully submitted!',
  deleted: '{name} has been successfully deleted!',
  submitted: 'Your data has been submitted!',
  updated: 'Your data has been updated!',
  saved: 'Your data has been saved!',
  dataDeleted: 'Data has been successfully deleted!',
  passwordUpdated: 'Your password has been successfully updated.',
} as const;

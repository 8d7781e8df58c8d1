/**
 * Every error the API answers with, declared once: a stable code (the body's
 * `error` field), its HTTP status and its English text. Texts may name
 * parameters as `{{name}}`; the body carries them in `params`, so a client
 * can show the error in its own language by the code (the web app's
 * `serverErrors.<code>`), and the English text stays the one below.
 *
 * Parameters a client translates itself: `record` (a record kind of
 * RECORD_KINDS), `status_id` (that record kind's status id) and `action` (a
 * workflow action). The English text's `{{status}}` and `{{done}}` are the
 * English forms of those. `item` (the English name of a profile section's
 * items) goes with `section` (that section's id), by which a client names the
 * item itself.
 */
export const ERRORS = {
  // The protocol
  bad_request: { status: 400, message: 'request error, nothing changed' },
  invalid_json: { status: 400, message: 'The request body is not valid JSON.' },
  empty_json_body: { status: 400, message: 'The request body is empty but its content type is JSON.' },
  content_length_mismatch: { status: 400, message: 'The request body does not match its Content-Length.' },
  invalid_query: { status: 400, message: 'Invalid query parameter "{{name}}": {{reason}}' },
  invalid_path: { status: 400, message: 'Invalid path parameter "{{name}}": {{reason}}' },
  url_invalid: {
    status: 400,
    message: 'The address is not valid: a part of it is not percent-encoded UTF-8.',
  },
  url_part_too_long: {
    status: 414,
    message: 'A part of the address is too long: at most {{max}} characters between two slashes.',
  },
  sort_unknown: {
    status: 400,
    message: 'Invalid query parameter "sort": unknown field "{{field}}"; use one of {{fields}}.',
  },
  team_filter_only: {
    status: 400,
    message: 'The {{filters}} filter is only for the team view (list_type=team).',
  },
  unauthorized: { status: 401, message: 'Authentication is required. Please sign in.' },
  session_invalid: {
    status: 401,
    message: 'Your session has ended or is not valid. Please sign in again.',
  },
  forbidden: { status: 403, message: 'You are not allowed to do this.' },
  admin_only: { status: 403, message: 'Only HR administrators may do this.' },
  not_found: { status: 404, message: 'The record does not exist.' },
  route_not_found: { status: 404, message: 'No route for {{method}} {{path}}.' },
  conflict: { status: 409, message: 'This conflicts with the current state; reload and try again.' },
  body_too_large: { status: 413, message: 'The request body is too large.' },
  unsupported_media_type: { status: 415, message: 'This content type is not accepted. Send JSON.' },
  validation_failed: { status: 422, message: 'Validation Failed' },
  too_many_requests: { status: 429, message: 'Too many attempts. Please try again in a few minutes.' },
  internal: { status: 500, message: 'Sorry, something went wrong on the server.' },
  shutting_down: { status: 503, message: 'The server is restarting. Please try again in a moment.' },

  // Sign-in and recovery
  invalid_credentials: { status: 401, message: 'Invalid E-ID or password.' },
  account_disabled: { status: 401, message: 'This account is disabled. Please contact HR.' },
  otp_invalid: { status: 400, message: 'The code is wrong or has expired.' },
  totp_code_invalid: {
    status: 400,
    message: 'The code is wrong, has expired or was already used.',
  },
  totp_proof_invalid: { status: 400, message: 'The code or the password is wrong.' },
  totp_not_enabled: { status: 409, message: 'No authenticator app is set up for this account.' },
  totp_already_enabled: {
    status: 409,
    message: 'An authenticator app is already set up for this account. Remove it first to set up another.',
  },
  totp_enrolment_missing: {
    status: 409,
    message: 'Start setting up the authenticator app first: there is no new secret to confirm.',
  },
  second_factor_invalid: {
    status: 401,
    message: 'This sign-in step has expired or was already used. Please sign in again.',
  },
  account_session_not_found: { status: 404, message: 'The session does not exist.' },
  impersonation_no_security: {
    status: 403,
    message: 'Signed in as someone else, you may not change their authenticator app or end their sessions.',
  },
  reset_link_invalid: {
    status: 400,
    message: 'The reset link is invalid, has expired or has already been used.',
  },
  otp_eid_required: { status: 400, message: 'The E-ID is needed to check a code.' },
  employee_disabled: { status: 409, message: 'This employee is disabled.' },
  password_sign_in_off: {
    status: 403,
    message: 'Signing in with E-ID and password is turned off. Please sign in with your company account.',
  },

  // Signing in with the company's account (OpenID Connect)
  oidc_not_configured: { status: 404, message: 'Signing in with a company account is not set up.' },
  oidc_state_invalid: {
    status: 400,
    message: 'This sign-in has expired or was already used. Please sign in again.',
  },
  oidc_unknown_person: {
    status: 403,
    message: 'Your company account matches no employee of the portal. Please contact HR.',
  },
  oidc_provider_error: {
    status: 502,
    message: 'The company sign-in did not succeed. Please try again.',
  },
  oidc_ticket_invalid: {
    status: 400,
    message: 'This sign-in has expired or was already used. Please sign in again.',
  },

  // Signing in as another employee
  impersonation_admin_only: {
    status: 403,
    message: 'Only an HR administrator may sign in as another employee.',
  },
  impersonation_nested: {
    status: 403,
    message: 'Sign in as yourself before signing in as someone else.',
  },
  no_user_account: { status: 404, message: 'This employee has no user account.' },
  impersonation_self: { status: 400, message: 'You are already signed in as this employee.' },
  impersonation_no_decision: {
    status: 403,
    message: 'Signed in as someone else, you may not decide any request: sign in as yourself to decide.',
  },
  impersonation_no_comment: {
    status: 403,
    message: 'Signed in as someone else, you may not write comments in their name.',
  },

  // Photos and files
  photo_too_large: { status: 413, message: 'The photo must be at most 2 MB.' },
  invalid_image_format: { status: 422, message: 'Only PNG and JPEG formats are allowed.' },
  image_unreadable: {
    status: 422,
    message: 'Failed to process the image. Please ensure it is a valid PNG or JPEG file.',
  },
  image_too_many_pixels: {
    status: 422,
    message:
      'This image is {{width}} × {{height}} pixels; an image may have at most {{max}} million pixels. Please scale it down and try again.',
  },
  file_too_large: { status: 413, message: 'The file must be at most 5 MB.' },
  photo_not_found: { status: 404, message: 'The photo does not exist.' },
  document_not_found: { status: 404, message: 'This employee has no such document.' },

  // People
  employee_not_found: { status: 404, message: 'This employee does not exist.' },
  no_contact: {
    status: 422,
    message: 'This employee has no e-mail address or mobile number to send the invitation to.',
  },
  disable_self: { status: 400, message: 'You cannot disable yourself.' },
  user_exists: { status: 409, message: 'This employee already has a user.' },
  enable_employee_first: {
    status: 409,
    message: 'This employee is disabled. Enable the employee first.',
  },
  username_taken: { status: 409, message: 'A user with this E-ID already exists.' },
  group_member_already: { status: 409, message: 'The employee is already in this group.' },
  group_member_missing: { status: 404, message: 'The employee is not in this group.' },
  asset_held_already: { status: 409, message: 'The employee already holds this asset.' },
  asset_held_by_other: {
    status: 409,
    message: 'This asset is held by {{name}}. Remove it from them first.',
  },
  asset_not_held: { status: 404, message: 'The employee does not hold this asset.' },

  // The employee profile (`section` is a profile section id; `item` the English name of its items)
  profile_card_only: { status: 403, message: 'You may only see the directory card of this employee.' },
  profile_not_full: { status: 404, message: 'The full profile of this employee is not available to you.' },
  activities_hidden: { status: 403, message: 'You may not see the activities of this employee.' },
  profile_section_forbidden: {
    status: 403,
    message: 'You are not allowed to change this part of the profile.',
  },
  profile_item_not_found: { status: 404, message: 'This employee has no such {{item}}.' },
  changes_hidden: {
    status: 403,
    message: 'Only the employee, their managers and HR administrators may see the changes to this record.',
  },

  // The directory and groups
  disabled_search_admin_only: {
    status: 403,
    message: 'Only an HR administrator may search disabled employees.',
  },
  private_filter_forbidden: {
    status: 403,
    message:
      'You may not filter by {{filter}}: it is personal data. Only HR administrators, or a search kept to yourself and the people below you, may use it.',
  },
  private_sort_forbidden: {
    status: 403,
    message:
      'You may not sort by {{sort}}: it is personal data. Only HR administrators, or a search kept to yourself and the people below you, may use it.',
  },
  search_text_twice: {
    status: 400,
    message: 'Send the search text once: "query" and "filter.full_text" differ',
  },
  team_forbidden: {
    status: 403,
    message: 'You may see your own team, or the team of someone who reports to you.',
  },
  group_not_found: { status: 404, message: 'This group does not exist.' },
  group_item_not_found: { status: 404, message: 'This group item does not exist.' },
  group_item_has_member: {
    status: 409,
    message: '{{name}} cannot be deleted: 1 employee belongs to it or to an item below it.',
  },
  group_item_has_members: {
    status: 409,
    message: '{{name}} cannot be deleted: {{members}} employees belong to it or to an item below it.',
  },

  // Reference data (companies, offices, assets, leave types, durations, holidays, ...)
  reference_not_found: { status: 404, message: 'This {{kind}} does not exist.' },
  reference_name_taken: { status: 409, message: 'A {{kind}} with this name exists already.' },
  reference_in_use: { status: 409, message: '{{name}} is in use; disable it instead of deleting it.' },
  reference_builtin: {
    status: 409,
    message: '{{name}} has a meaning of its own in the portal; it cannot be deleted. Disable it instead.',
  },
  service_category_value_fixed: {
    status: 409,
    message: 'The value of {{name}} cannot change: service requests and their letters keep it.',
  },
  service_category_value_taken: {
    status: 409,
    message: 'A service category with the value {{value}} exists already.',
  },

  // The request workflow (leave, remote work, HR services, KPI sheets, EPRs)
  record_not_found: { status: 404, message: 'This {{record}} does not exist.' },
  record_hidden: { status: 403, message: 'You may not see this {{record}}.' },
  record_edit_forbidden: { status: 403, message: 'You may not change this {{record}}.' },
  record_delete_forbidden: { status: 403, message: 'You may not delete this {{record}}.' },
  record_not_editable: { status: 409, message: 'This {{record}} is {{status}}; it cannot be changed now.' },
  record_not_deletable: { status: 409, message: 'This {{record}} is {{status}}; it cannot be deleted now.' },
  transition_forbidden: { status: 403, message: 'You may not have this {{record}} {{done}}.' },
  transition_not_allowed: {
    status: 409,
    message: 'This {{record}} is {{status}}; it cannot be {{done}} now.',
  },
  own_request_decision: {
    status: 403,
    message: 'You may not have your own {{record}} {{done}}: someone else decides it.',
  },
  changed_meanwhile: {
    status: 409,
    message: 'This {{record}} was changed meanwhile; reload it and try again.',
  },
  no_line_manager: { status: 409, message: 'You have no line manager to approve this request.' },
  on_behalf_forbidden: {
    status: 403,
    message: 'Only an HR administrator may apply for another employee.',
  },

  // Leave
  leave_type_unknown: { status: 422, message: 'This leave type does not exist.' },
  leave_type_not_eligible: {
    status: 422,
    message:
      'This leave type does not apply to you (it depends on gender, employment status, service or group).',
  },
  leave_type_not_short: { status: 422, message: 'This leave type cannot be taken as short leave.' },
  short_leave_end: { status: 422, message: 'The end of a short leave is its start plus the duration.' },
  short_leave_same_day: { status: 422, message: 'A short leave must end on the day it starts.' },
  short_leave_working_day: { status: 422, message: 'A short leave must be on a working day.' },
  leave_too_long: { status: 422, message: 'A leave request may span at most a year.' },
  leave_no_working_day: {
    status: 422,
    message: 'The chosen dates have no working day (weekly off days and holidays do not count).',
  },
  leave_overlap: {
    status: 422,
    message: 'These dates overlap your leave request #{{id}} ({{from}} to {{to}}).',
  },
  balance_exceeded: {
    status: 422,
    message: 'Not enough {{type}} balance for {{year}}: {{left}} day(s) left, {{asked}} asked.',
  },
  responsible_invalid: {
    status: 422,
    message: 'The responsible person must be your line manager, a colleague or a report.',
  },
  balance_forbidden: { status: 403, message: "You may not see this employee's leave balance." },
  leave_notice: {
    status: 422,
    message: '{{type}} needs {{days}} day(s) of notice: the earliest first day is {{earliest}}.',
  },
  leave_run_too_long: {
    status: 422,
    message: '{{type}} may be taken for at most {{max}} working day(s) in a row; this request has {{asked}}.',
  },
  leave_run_joined: {
    status: 422,
    message:
      '{{type}} may be taken for at most {{max}} working day(s) in a row; with your requests right before or after it, this one makes {{asked}}.',
  },
  leave_not_cancellable: {
    status: 409,
    message: 'Only a request that has not begun can be cancelled.',
  },
  leave_type_no_balance: {
    status: 422,
    message: 'This leave type has no balance, so no policy or adjustment.',
  },
  policy_in_effect: {
    status: 409,
    message:
      'This policy is in force since {{from}}: only its last day may change. Add a new policy from a later day instead.',
  },
  policy_overlap: {
    status: 409,
    message:
      'The policy "{{name}}" already applies to the same people from {{from}}; end it first or choose other days.',
  },
  policy_scope_unknown: { status: 422, message: 'The {{field}} chosen for this policy does not exist.' },
  calendar_feed_unknown: {
    status: 404,
    message: 'This calendar feed does not exist; it may have been replaced.',
  },
  calendar_feed_team_forbidden: {
    status: 403,
    message: 'Only managers, who have people reporting to them, have a team calendar feed.',
  },
  impersonation_no_feed: {
    status: 403,
    message: 'Signed in as someone else, you may not make their calendar feed links.',
  },

  // Passkeys
  passkeys_unavailable: {
    status: 409,
    message: 'Passkeys are not available on this portal: its address is not a domain name.',
  },
  passkey_not_found: { status: 404, message: 'This passkey does not exist.' },
  passkey_ticket_invalid: {
    status: 400,
    message: 'This passkey request has expired or was already used. Please try again.',
  },
  passkey_not_verified: {
    status: 400,
    message: 'The passkey could not be verified. Please try again.',
  },
  passkey_not_recognised: { status: 401, message: 'This passkey is not recognised.' },
  passkey_already_registered: { status: 409, message: 'This passkey is already registered.' },
  passkeys_limit: {
    status: 409,
    message: 'You have {{max}} passkeys, the most one may have: remove one first.',
  },
  impersonation_no_passkey: {
    status: 403,
    message: 'Signed in as someone else, you may not add or remove their passkeys.',
  },

  // Remote work
  remote_work_overlap: {
    status: 422,
    message: 'These dates overlap your remote-work request #{{id}} ({{when}}).',
  },
  remote_work_hours_overlap: {
    status: 422,
    message: 'These hours overlap your remote-work request #{{id}} ({{when}}).',
  },

  // HR services
  service_request_open: {
    status: 422,
    message: 'You already have this {{category}} request open (#{{id}}); change or delete that one instead.',
  },
  letter_forbidden: {
    status: 403,
    message: 'Only the employee and HR administrators may download this letter.',
  },
  letter_missing: {
    status: 404,
    message: 'This HR service request has no letter yet; it is issued when the request is done.',
  },

  // KPI sheets
  kpi_type_unknown: { status: 422, message: 'This KPI type does not exist.' },
  kpi_year_unknown: { status: 422, message: 'This KPI year does not exist.' },
  delegation_not_found: { status: 404, message: 'Delegation not found.' },
  delegation_forbidden: {
    status: 403,
    message: 'Only the person who delegated, or an HR administrator, may change this delegation.',
  },
  delegation_for_other: {
    status: 403,
    message: 'Only HR administrators may name a delegate for someone else.',
  },
  delegation_self: { status: 422, message: 'You cannot name yourself as your delegate.' },
  delegate_inactive: { status: 422, message: 'The delegate must be an active employee.' },
  delegation_past: { status: 422, message: 'The last day cannot be in the past.' },
  delegation_days: { status: 422, message: 'The last day cannot be before the first day.' },
  delegation_ended: {
    status: 409,
    message: 'This delegation has ended; it is kept as a record and cannot be changed.',
  },
  delegation_overlap: {
    status: 409,
    message: 'There is already a delegation to {{name}} from {{from}} to {{to}} on some of these days.',
  },
  delegate_away: {
    status: 409,
    message:
      '{{name}} has handed their own decisions to someone else from {{from}} to {{to}}; choose another delegate.',
  },
  delegator_stands_in: {
    status: 409,
    message:
      'From {{from}} to {{to}} this person decides for {{name}}; their delegation must end before they hand decisions on.',
  },
  kpi_period_overlap: {
    status: 409,
    message:
      'The sheet {{name}} ({{from}} – {{to}}) already covers part of this period, and the dashboard shows only the newest sheet. Save anyway?',
  },
  kpi_year_taken: {
    status: 422,
    message: 'There is a KPI sheet for {{year}} already (#{{id}}); one yearly sheet per employee and year.',
  },
  kpi_for_forbidden: {
    status: 403,
    message: 'You may make a KPI sheet for yourself or for a direct report only.',
  },
  kpi_copy_forbidden: {
    status: 403,
    message: "Only the sheet's employee or their line manager may copy this KPI sheet.",
  },
  kpi_objective_weights: {
    status: 422,
    message: 'The objective weights add up to {{total}}, not 100.',
  },
  kpi_kpi_weights: {
    status: 422,
    message: 'The KPI weights of "{{objective}}" add up to {{total}}, not 100.',
  },
  kpi_item_not_found: { status: 404, message: 'This {{item}} does not exist.' },
  kpi_item_removed: { status: 409, message: 'This {{item}} was removed; it cannot be changed.' },
  kpi_item_other_sheet: { status: 422, message: 'This {{item}} belongs to another KPI sheet.' },
  kpi_perspective_unknown: { status: 422, message: 'This perspective does not exist.' },
  kpi_target_unit_unknown: { status: 422, message: 'This target unit does not exist.' },

  // Performance reviews
  epr_kpi_unknown: { status: 422, message: 'This KPI sheet is not yours or does not exist.' },
  epr_kpi_not_approved: {
    status: 422,
    message: 'A review is made for an approved KPI sheet; "{{name}}" is not approved yet.',
  },
  epr_type_unknown: { status: 422, message: 'This EPR type does not exist.' },
  epr_exists: { status: 422, message: 'There is a {{type}} for "{{name}}" already (#{{id}}).' },
  epr_exists_now: { status: 422, message: 'A review of this KPI sheet and type was made a moment ago.' },
  epr_incomplete: { status: 422, message: 'The review is not complete: {{missing}} still missing.' },
  epr_fields_mixed: {
    status: 422,
    message: "Send your own fields only: the employee's and the line manager's are changed separately.",
  },
  epr_nothing_to_change: { status: 422, message: 'Nothing to change: send at least one field.' },
  epr_item_not_found: { status: 404, message: 'This {{item}} does not exist.' },
  epr_item_other_review: { status: 422, message: 'This {{item}} belongs to another review.' },
  epr_not_completed: {
    status: 409,
    message: 'This review is {{status}}; its PDF can be downloaded once it is completed.',
  },
  epr_evidence_format: { status: 422, message: 'You can only upload JPG/PNG file!' },
  epr_evidence_too_large: { status: 422, message: 'Image must smaller than 200KB!' },
  epr_evidence_limit: {
    status: 409,
    message: 'A KPI line keeps at most {{max}} images: delete one before adding another.',
  },

  // Review cycles
  epr_cycle_not_found: { status: 404, message: 'This review cycle does not exist.' },
  epr_cycle_company_unknown: { status: 422, message: 'This company does not exist.' },
  epr_cycle_group_unknown: { status: 422, message: 'This group item does not exist.' },
  epr_cycle_deadline_past: { status: 422, message: 'The deadline must not be in the past.' },

  // Attendance
  attendance_forbidden: {
    status: 403,
    message:
      'You may see your own attendance, that of the people below you, and as an HR administrator everyone’s.',
  },

  // Comments
  comment_forbidden: {
    status: 403,
    message:
      "Only the sheet's employee, line manager, O&O and HR administrators may read and write its comments.",
  },
  comments_closed: { status: 409, message: 'Comments open once the sheet has been submitted.' },
  comment_item_removed: { status: 409, message: 'This item was removed; its comments are closed.' },
  realtime_token_invalid: { status: 401, message: 'The realtime token is not valid or has expired.' },
  realtime_stream_replaced: {
    status: 409,
    message: 'This chat is open in too many windows: it stopped updating here.',
  },

  // Shifts
  shift_default_locked: {
    status: 409,
    message:
      '{{name}} is the default shift: it cannot be disabled or deleted, and it stays the default until another shift is made the default.',
  },
  shift_in_use_one: {
    status: 409,
    message: '{{name}} cannot be deleted: 1 employee has it in their shift history. Disable it instead.',
  },
  shift_in_use: {
    status: 409,
    message:
      '{{name}} cannot be deleted: {{employees}} employees have it in their shift history. Disable it instead.',
  },
  shifts_hidden: {
    status: 403,
    message: 'Only the employee, their managers and HR administrators may see the shifts of this employee.',
  },

  // EPR calibration
  calibration_forbidden: {
    status: 403,
    message: 'Only HR administrators and O&Os (managers of line managers) may see the calibration grid.',
  },

  // Attendance devices and punch imports
  device_key_missing: {
    status: 401,
    message: 'The attendance device key is missing: send it in the X-Device-Key header.',
  },
  device_key_invalid: {
    status: 401,
    message: 'The attendance device key is not valid, or its device is disabled.',
  },
  device_code_taken: { status: 409, message: 'An attendance device with this code exists already.' },
  punch_file_too_large: {
    status: 413,
    message: 'The file must be at most 4 MB (about 100,000 punches). Split it into smaller files.',
  },
  punch_file_not_text: {
    status: 422,
    message: 'The file is not a CSV text file. Save the sheet as CSV (UTF-8) and choose that file.',
  },
  punch_file_malformed: {
    status: 422,
    message: 'The file is not valid CSV at line {{line}}: a quote is not closed, or stands inside a field.',
  },
  punch_file_empty: { status: 422, message: 'The file has no rows to import.' },
  punch_import_not_found: { status: 404, message: 'This import does not exist.' },

  // Employee imports
  employee_file_too_large: {
    status: 413,
    message: 'The file must be at most 4 MB (about 25,000 employees). Split it into smaller files.',
  },
  employee_file_not_text: {
    status: 422,
    message: 'The file is not a CSV text file. Save the sheet as CSV (UTF-8) and choose that file.',
  },
  employee_file_malformed: {
    status: 422,
    message: 'The file is not valid CSV at line {{line}}: a quote is not closed, or stands inside a field.',
  },
  employee_file_empty: {
    status: 422,
    message:
      'The file has no employees to import: its first line names the columns, each line below is one employee.',
  },
  employee_file_columns_missing: {
    status: 422,
    message: 'The first line of the file must name these columns too: {{columns}}.',
  },
  employee_file_columns_unknown: {
    status: 422,
    message:
      'The first line of the file names columns that are not known, or names one twice: {{columns}}. The columns are eid, name, mobile, email, company, office, designation, line_manager_eid and joining_date.',
  },
  employee_import_not_found: { status: 404, message: 'This employee import does not exist.' },

  // Compensation: salaries, loans, pay schedules
  compensation_hidden: {
    status: 403,
    message: 'Only the employee and HR administrators may see the pay and loans of this employee.',
  },
  compensation_own: {
    status: 403,
    message: 'You may not change your own salary, tax or loans: another HR administrator does.',
  },
  salary_not_found: { status: 404, message: 'This salary row does not exist.' },
  loan_not_found: { status: 404, message: 'This loan does not exist.' },
  loan_has_repayments: {
    status: 409,
    message: 'Repayments are recorded on this loan; it cannot be deleted.',
  },
  pay_schedule_type_in_use_one: {
    status: 409,
    message: '{{name}} cannot be deleted: 1 pay schedule is of this type. Disable it instead.',
  },
  pay_schedule_type_in_use: {
    status: 409,
    message: '{{name}} cannot be deleted: {{schedules}} pay schedules are of this type. Disable it instead.',
  },
  pay_schedule_in_use_one: {
    status: 409,
    message: '{{name}} cannot be deleted: 1 loan is repaid on it. Disable it instead.',
  },
  pay_schedule_in_use: {
    status: 409,
    message: '{{name}} cannot be deleted: {{loans}} loans are repaid on it. Disable it instead.',
  },

  // Data rights: the export and erasure
  erasure_employee_active: {
    status: 409,
    message: 'This employee is still active. Disable them as a leaver before erasing their data.',
  },
  erasure_within_retention: {
    status: 409,
    message:
      'The retention period runs until {{retention_end}}. Erase before then only with an override and its reason.',
  },
  erasure_done: { status: 409, message: 'This person’s data was already erased.' },
  erasure_confirmation_mismatch: {
    status: 422,
    message: 'The confirmation does not match the person’s E-ID. Nothing was erased.',
  },
  erasure_self: { status: 409, message: 'You may not erase your own data.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;
export type ErrorParams = Record<string, string | number>;

/** The record kinds of the request workflow, with their English names for messages. */
export const RECORD_KINDS = {
  leave: 'leave request',
  remote_work: 'remote-work request',
  hr_service: 'HR service request',
  kpi: 'KPI sheet',
  epr: 'performance review',
} as const;
export type RecordKind = keyof typeof RECORD_KINDS;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERRORS, value);
}

/** A text with its `{{name}}` parameters filled in (unknown names stay as written). */
export function fillParams(text: string, params: ErrorParams = {}): string {
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

/** The English text of an error (a `record` kind reads as its English name). */
export function errorText(code: ErrorCode, params: ErrorParams = {}): string {
  const record = params.record;
  const english =
    typeof record === 'string' && Object.hasOwn(RECORD_KINDS, record)
      ? { ...params, record: RECORD_KINDS[record as RecordKind] }
      : params;
  return fillParams(ERRORS[code].message, english);
}

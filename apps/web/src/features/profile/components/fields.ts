import { BLOOD_GROUPS } from '@hr/contracts/employees';
import type { LookupName } from '@hr/contracts/lookups';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAllLookups, useExams } from '../../../components/employee-search/api';
import type { FieldDef, Option } from './SectionForm';

/** The forms of every profile section, labelled in the current language, with their options. */
export function useProfileFields(enabled: boolean) {
  const { t } = useTranslation();
  const lookups = useAllLookups(enabled);
  const exams = useExams(enabled);

  return useMemo(() => {
    const opts = (name: LookupName): Option[] =>
      (lookups.data?.[name] ?? []).map((o) => ({ value: o.id, label: o.name }));
    const f = (key: string) => t(`profile.fields.${key}` as 'profile.fields.name');
    const examOptions = (exams.data ?? []).map((e) => ({ value: e.id, label: e.name }));
    const levels = opts('language-proficiencies');

    const basic: FieldDef[] = [
      { name: 'name', label: f('name'), required: true },
      { name: 'eid', label: f('eid'), required: true },
      { name: 'mobile', label: f('mobile'), required: true, inputMode: 'tel', placeholder: '01XXXXXXXXX' },
      { name: 'email', label: f('email'), inputMode: 'email' },
      { name: 'designation', label: f('designation') },
      {
        name: 'blood_group',
        label: f('bloodGroup'),
        kind: 'select',
        options: BLOOD_GROUPS.map((g) => ({ value: g, label: g })),
      },
      { name: 'status_id', label: f('status'), kind: 'select', options: opts('employee-statuses') },
      { name: 'level_id', label: f('level'), kind: 'select', options: opts('levels') },
      { name: 'grade_id', label: f('grade'), kind: 'select', options: opts('grades') },
    ];
    const general: FieldDef[] = [
      { name: 'dob', label: f('dob'), kind: 'date' },
      { name: 'pob', label: f('pob') },
      { name: 'gender_id', label: f('gender'), kind: 'select', options: opts('genders') },
      { name: 'religion_id', label: f('religion'), kind: 'select', options: opts('religions') },
      { name: 'nationality', label: f('nationality') },
      { name: 'nid', label: f('nid'), inputMode: 'numeric' },
      { name: 'tin', label: f('tin'), inputMode: 'numeric' },
      { name: 'passport_no', label: f('passportNo') },
      { name: 'driving_license', label: f('drivingLicense') },
      { name: 'joining_date', label: f('joiningDate'), kind: 'date' },
      {
        name: 'confirmation_date',
        label: f('confirmationDate'),
        kind: 'date',
        dependencies: ['joining_date'],
      },
    ];
    const address: FieldDef[] = [
      { name: 'present', label: f('presentAddress'), kind: 'textarea' },
      { name: 'permanent', label: f('permanentAddress'), kind: 'textarea' },
    ];
    const family: FieldDef[] = [
      { name: 'father_name', label: f('fatherName') },
      { name: 'mother_name', label: f('motherName') },
      {
        name: 'marital_status_id',
        label: f('maritalStatus'),
        kind: 'select',
        options: opts('marital-statuses'),
      },
      { name: 'spouse_name', label: f('spouseName') },
      { name: 'marriage_date', label: f('marriageDate'), kind: 'date' },
    ];
    const member: FieldDef[] = [
      { name: 'name', label: f('name'), required: true },
      { name: 'relation', label: f('relation') },
      { name: 'dob', label: f('dob'), kind: 'date' },
      { name: 'mobile', label: f('mobile'), inputMode: 'tel', placeholder: '01XXXXXXXXX' },
      { name: 'occupation', label: f('occupation'), wide: true },
    ];
    const contact: FieldDef[] = [
      { name: 'name', label: f('name'), required: true },
      { name: 'relation', label: f('relation') },
      { name: 'mobile', label: f('mobile'), required: true, inputMode: 'tel', placeholder: '01XXXXXXXXX' },
      { name: 'email', label: f('email'), inputMode: 'email' },
      { name: 'nid', label: f('nid'), inputMode: 'numeric' },
      { name: 'address', label: f('address'), kind: 'textarea' },
      { name: 'emergency', label: f('emergency'), kind: 'switch' },
      { name: 'grantor', label: f('grantor'), kind: 'switch' },
    ];
    const history: FieldDef[] = [
      { name: 'company', label: f('company'), required: true },
      { name: 'designation', label: f('designation'), required: true },
      { name: 'from', label: f('from'), kind: 'date', required: true },
      { name: 'to', label: f('to'), kind: 'date', dependencies: ['from'] },
      { name: 'address', label: f('address'), kind: 'textarea' },
    ];
    const achievement: FieldDef[] = [
      { name: 'name', label: f('name'), required: true },
      { name: 'date', label: f('date'), kind: 'date' },
      { name: 'description', label: f('description'), kind: 'textarea' },
    ];
    const training: FieldDef[] = [
      { name: 'name', label: f('name'), required: true },
      { name: 'type', label: f('type') },
      { name: 'description', label: f('description'), kind: 'textarea' },
    ];
    const skill: FieldDef[] = [
      { name: 'name', label: f('name'), required: true },
      { name: 'type', label: f('type') },
      { name: 'efficiency', label: f('efficiency'), kind: 'rate', max: 5, wide: true },
      { name: 'description', label: f('description'), kind: 'textarea' },
    ];
    const education: FieldDef[] = [
      { name: 'institute', label: f('institute'), required: true, wide: true },
      {
        name: 'exam_id',
        label: f('exam'),
        kind: 'select',
        required: true,
        options: examOptions,
        onChange: (value, form) => {
          const exam = exams.data?.find((e) => e.id === value);
          form.setFieldsValue({ subject_id: undefined, ...(exam?.type_id ? { type_id: exam.type_id } : {}) });
        },
      },
      {
        name: 'subject_id',
        label: f('subject'),
        kind: 'select',
        required: true,
        dependencies: ['exam_id'],
        options: (values) =>
          (exams.data?.find((e) => e.id === values.exam_id)?.subjects ?? []).map((s) => ({
            value: s.id,
            label: s.name,
          })),
      },
      {
        name: 'type_id',
        label: f('educationType'),
        kind: 'select',
        required: true,
        options: opts('education-types'),
      },
      { name: 'passing_year', label: f('passingYear'), kind: 'number', required: true, min: 1950, max: 2100 },
      { name: 'duration', label: f('duration'), kind: 'number', required: true, min: 1, max: 99 },
      {
        name: 'duration_unit_id',
        label: f('durationUnit'),
        kind: 'select',
        required: true,
        options: opts('duration-units'),
      },
      { name: 'certificate_no', label: f('certificateNo'), required: true },
      { name: 'result', label: f('result'), required: true },
      { name: 'description', label: f('description'), kind: 'textarea' },
    ];
    const language: FieldDef[] = [
      { name: 'name', label: f('language'), required: true, wide: true },
      { name: 'writing_id', label: f('writing'), kind: 'select', required: true, options: levels },
      { name: 'reading_id', label: f('reading'), kind: 'select', required: true, options: levels },
      { name: 'speaking_id', label: f('speaking'), kind: 'select', required: true, options: levels },
      { name: 'description', label: f('description'), kind: 'textarea' },
    ];
    const separation: FieldDef[] = [
      { name: 'resign_date', label: f('resignDate'), kind: 'date' },
      { name: 'last_working_date', label: f('lastWorkingDate'), kind: 'date', dependencies: ['resign_date'] },
      { name: 'type_id', label: f('separationType'), kind: 'select', options: opts('separation-types') },
      {
        name: 'status_id',
        label: f('separationStatus'),
        kind: 'select',
        options: opts('separation-statuses'),
      },
      { name: 'mode_id', label: f('separationMode'), kind: 'select', options: opts('separation-modes') },
      { name: 'cert_issued', label: f('certIssued'), kind: 'switch' },
    ];
    return {
      basic,
      general,
      address,
      family,
      member,
      contact,
      history,
      achievement,
      training,
      skill,
      education,
      language,
      separation,
    };
  }, [t, lookups.data, exams.data]);
}

export type ProfileFields = ReturnType<typeof useProfileFields>;

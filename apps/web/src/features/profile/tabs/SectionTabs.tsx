import {
  type Achievement,
  achievementInput,
  addressInput,
  type Contact,
  contactInput,
  type Education,
  educationInput,
  type FamilyMember,
  type FullProfile,
  familyInput,
  generalInput,
  type History,
  historyInput,
  type Language,
  languageInput,
  memberInput,
  type Skill,
  separationInput,
  skillInput,
  type Training,
  trainingInput,
} from '@hr/contracts/employees';
import { Card, Empty, Flex, Rate, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/dates';
import type { ProfileFields } from '../components/fields';
import { DetailsSection, dash, ListSection } from '../components/Sections';

interface TabProps {
  profile: FullProfile;
  fields: ProfileFields;
}

const label = (t: TFunction, key: string) => t(`profile.fields.${key}` as 'profile.fields.name');
const yesNo = (t: TFunction, v: boolean) => (v ? <Tag color="green">{t('common.yes')}</Tag> : t('common.no'));

export function GeneralTab({ profile, fields }: TabProps) {
  const { t } = useTranslation();
  const g = profile.general;
  const f = (key: string) => label(t, key);
  return (
    <DetailsSection
      employeeId={profile.id}
      title={t('profile.sections.general')}
      path="general"
      canEdit={profile.permissions.edit.general}
      fields={fields.general}
      schema={generalInput}
      initial={g}
      items={[
        { key: 'dob', label: f('dob'), children: formatDate(g.dob) },
        { key: 'pob', label: f('pob'), children: dash(g.pob) },
        { key: 'gender', label: f('gender'), children: dash(g.gender?.name) },
        { key: 'religion', label: f('religion'), children: dash(g.religion?.name) },
        { key: 'nationality', label: f('nationality'), children: dash(g.nationality) },
        { key: 'nid', label: f('nid'), children: <bdi>{dash(g.nid)}</bdi> },
        { key: 'tin', label: f('tin'), children: <bdi>{dash(g.tin)}</bdi> },
        { key: 'passport', label: f('passportNo'), children: <bdi>{dash(g.passport_no)}</bdi> },
        { key: 'license', label: f('drivingLicense'), children: <bdi>{dash(g.driving_license)}</bdi> },
        { key: 'joining', label: f('joiningDate'), children: formatDate(g.joining_date) },
        { key: 'confirmation', label: f('confirmationDate'), children: formatDate(g.confirmation_date) },
      ]}
    />
  );
}

function contactColumns(t: TFunction) {
  const f = (key: string) => label(t, key);
  return [
    { key: 'name', title: f('name'), dataIndex: 'name' },
    { key: 'relation', title: f('relation'), render: (_: unknown, c: Contact) => dash(c.relation) },
    { key: 'mobile', title: f('mobile'), render: (_: unknown, c: Contact) => <bdi>{dash(c.mobile)}</bdi> },
    { key: 'email', title: f('email'), render: (_: unknown, c: Contact) => <bdi>{dash(c.email)}</bdi> },
    { key: 'address', title: f('address'), render: (_: unknown, c: Contact) => dash(c.address) },
    {
      key: 'flags',
      title: t('profile.fields.flags'),
      render: (_: unknown, c: Contact) => (
        <Flex gap={4} wrap>
          {c.emergency ? <Tag color="red">{f('emergency')}</Tag> : null}
          {c.grantor ? <Tag color="blue">{f('grantor')}</Tag> : null}
        </Flex>
      ),
    },
  ];
}

export function PersonalTab({ profile, fields }: TabProps) {
  const { t } = useTranslation();
  const f = (key: string) => label(t, key);
  const e = profile.permissions.edit;
  const fam = profile.family;
  return (
    <Flex vertical gap={16}>
      <DetailsSection
        employeeId={profile.id}
        title={t('profile.sections.address')}
        path="address"
        canEdit={e.address}
        fields={fields.address}
        schema={addressInput}
        initial={profile.address}
        column={{ xs: 1, md: 2 }}
        items={[
          { key: 'present', label: f('presentAddress'), children: dash(profile.address.present) },
          { key: 'permanent', label: f('permanentAddress'), children: dash(profile.address.permanent) },
        ]}
      />
      <DetailsSection
        employeeId={profile.id}
        title={t('profile.sections.family')}
        path="family"
        canEdit={e.family}
        fields={fields.family}
        schema={familyInput}
        initial={fam}
        items={[
          { key: 'father', label: f('fatherName'), children: dash(fam.father_name) },
          { key: 'mother', label: f('motherName'), children: dash(fam.mother_name) },
          { key: 'marital', label: f('maritalStatus'), children: dash(fam.marital_status?.name) },
          { key: 'spouse', label: f('spouseName'), children: dash(fam.spouse_name) },
          { key: 'marriage', label: f('marriageDate'), children: formatDate(fam.marriage_date) },
        ]}
      >
        <ListSection<FamilyMember>
          bare
          employeeId={profile.id}
          title={t('profile.sections.members')}
          path="family/members"
          items={fam.members}
          canEdit={e.members}
          fields={fields.member}
          schema={memberInput}
          nameOf={(m) => m.name}
          emptyText={t('profile.empty.members')}
          addLabel={t('profile.add.member')}
          columns={[
            { key: 'name', title: f('name'), dataIndex: 'name' },
            { key: 'relation', title: f('relation'), render: (_, m) => dash(m.relation) },
            { key: 'dob', title: f('dob'), render: (_, m) => formatDate(m.dob) },
            { key: 'mobile', title: f('mobile'), render: (_, m) => <bdi>{dash(m.mobile)}</bdi> },
            { key: 'occupation', title: f('occupation'), render: (_, m) => dash(m.occupation) },
          ]}
        />
      </DetailsSection>
      <ListSection<Contact>
        employeeId={profile.id}
        title={t('profile.sections.contacts')}
        path="contacts"
        items={profile.contacts}
        canEdit={e.contacts}
        fields={fields.contact}
        schema={contactInput}
        nameOf={(c) => c.name}
        emptyText={t('profile.empty.contacts')}
        addLabel={t('profile.add.contact')}
        columns={contactColumns(t)}
      />
      <ListSection<Contact>
        employeeId={profile.id}
        title={t('profile.sections.references')}
        path="references"
        items={profile.references}
        canEdit={e.references}
        fields={fields.contact}
        schema={contactInput}
        nameOf={(c) => c.name}
        emptyText={t('profile.empty.references')}
        addLabel={t('profile.add.reference')}
        columns={contactColumns(t)}
      />
    </Flex>
  );
}

export function HistoryTab({ profile, fields }: TabProps) {
  const { t } = useTranslation();
  const f = (key: string) => label(t, key);
  return (
    <ListSection<History>
      employeeId={profile.id}
      title={t('profile.sections.histories')}
      path="histories"
      items={profile.histories}
      canEdit={profile.permissions.edit.histories}
      fields={fields.history}
      schema={historyInput}
      nameOf={(h) => `${h.designation}, ${h.company}`}
      emptyText={t('profile.empty.histories')}
      addLabel={t('profile.add.history')}
      columns={[
        { key: 'company', title: f('company'), dataIndex: 'company' },
        { key: 'designation', title: f('designation'), dataIndex: 'designation' },
        { key: 'from', title: f('from'), render: (_, h) => formatDate(h.from) },
        { key: 'to', title: f('to'), render: (_, h) => (h.to ? formatDate(h.to) : t('profile.present')) },
        { key: 'address', title: f('address'), render: (_, h) => dash(h.address) },
      ]}
    />
  );
}

export function AchievementsTab({ profile, fields }: TabProps) {
  const { t } = useTranslation();
  const f = (key: string) => label(t, key);
  const e = profile.permissions.edit;
  return (
    <Flex vertical gap={16}>
      <ListSection<Achievement>
        employeeId={profile.id}
        title={t('profile.sections.achievements')}
        path="achievements"
        items={profile.achievements}
        canEdit={e.achievements}
        fields={fields.achievement}
        schema={achievementInput}
        nameOf={(a) => a.name}
        emptyText={t('profile.empty.achievements')}
        addLabel={t('profile.add.achievement')}
        columns={[
          { key: 'name', title: f('name'), dataIndex: 'name' },
          { key: 'date', title: f('date'), render: (_, a) => formatDate(a.date) },
          { key: 'description', title: f('description'), render: (_, a) => dash(a.description) },
        ]}
      />
      <ListSection<Training>
        employeeId={profile.id}
        title={t('profile.sections.trainings')}
        path="trainings"
        items={profile.trainings}
        canEdit={e.trainings}
        fields={fields.training}
        schema={trainingInput}
        nameOf={(x) => x.name}
        emptyText={t('profile.empty.trainings')}
        addLabel={t('profile.add.training')}
        columns={[
          { key: 'name', title: f('name'), dataIndex: 'name' },
          { key: 'type', title: f('type'), render: (_, x) => dash(x.type) },
          { key: 'description', title: f('description'), render: (_, x) => dash(x.description) },
        ]}
      />
      <ListSection<Skill>
        employeeId={profile.id}
        title={t('profile.sections.skills')}
        path="skills"
        items={profile.skills}
        canEdit={e.skills}
        fields={fields.skill}
        schema={skillInput}
        nameOf={(x) => x.name}
        emptyText={t('profile.empty.skills')}
        addLabel={t('profile.add.skill')}
        columns={[
          { key: 'name', title: f('name'), dataIndex: 'name' },
          { key: 'type', title: f('type'), render: (_, x) => dash(x.type) },
          {
            key: 'efficiency',
            title: f('efficiency'),
            render: (_, x) =>
              x.efficiency ? (
                <Rate
                  disabled
                  value={x.efficiency}
                  className="profile-rate"
                  aria-label={`${x.efficiency} / 5`}
                />
              ) : (
                '—'
              ),
          },
          { key: 'description', title: f('description'), render: (_, x) => dash(x.description) },
        ]}
      />
    </Flex>
  );
}

export function EducationsTab({ profile, fields }: TabProps) {
  const { t } = useTranslation();
  const f = (key: string) => label(t, key);
  const e = profile.permissions.edit;
  return (
    <Flex vertical gap={16}>
      <ListSection<Education>
        employeeId={profile.id}
        title={t('profile.sections.educations')}
        path="educations"
        items={profile.educations}
        canEdit={e.educations}
        fields={fields.education}
        schema={educationInput}
        nameOf={(x) => `${x.exam.name}, ${x.institute}`}
        emptyText={t('profile.empty.educations')}
        addLabel={t('profile.add.education')}
        columns={[
          {
            key: 'exam',
            title: f('exam'),
            render: (_, x) => (
              <Flex vertical>
                <Typography.Text strong>
                  {x.exam.name} <Tag className="profile-inline-tag">{x.type.name}</Tag>
                </Typography.Text>
                <Typography.Text type="secondary">{x.subject.name}</Typography.Text>
              </Flex>
            ),
          },
          { key: 'institute', title: f('institute'), dataIndex: 'institute' },
          { key: 'year', title: f('passingYear'), dataIndex: 'passing_year' },
          {
            key: 'duration',
            title: f('duration'),
            render: (_, x) => `${x.duration} ${x.duration_unit.name}`,
          },
          { key: 'result', title: f('result'), dataIndex: 'result' },
          { key: 'certificate', title: f('certificateNo'), render: (_, x) => <bdi>{x.certificate_no}</bdi> },
        ]}
      />
      <ListSection<Language>
        employeeId={profile.id}
        title={t('profile.sections.languages')}
        path="languages"
        items={profile.languages}
        canEdit={e.languages}
        fields={fields.language}
        schema={languageInput}
        nameOf={(x) => x.name}
        emptyText={t('profile.empty.languages')}
        addLabel={t('profile.add.language')}
        columns={[
          { key: 'name', title: f('language'), dataIndex: 'name' },
          { key: 'writing', title: f('writing'), render: (_, x) => x.writing.name },
          { key: 'reading', title: f('reading'), render: (_, x) => x.reading.name },
          { key: 'speaking', title: f('speaking'), render: (_, x) => x.speaking.name },
          { key: 'description', title: f('description'), render: (_, x) => dash(x.description) },
        ]}
      />
    </Flex>
  );
}

export function SeparationTab({ profile, fields }: TabProps) {
  const { t } = useTranslation();
  const f = (key: string) => label(t, key);
  const s = profile.separation;
  if (!s && !profile.permissions.edit.separation) {
    return (
      <Card className="profile-section">
        <Empty description={t('profile.empty.separation')} />
      </Card>
    );
  }
  return (
    <DetailsSection
      employeeId={profile.id}
      title={t('profile.sections.separation')}
      path="separation"
      canEdit={profile.permissions.edit.separation}
      fields={fields.separation}
      schema={separationInput}
      initial={s}
      items={
        s
          ? [
              { key: 'resign', label: f('resignDate'), children: formatDate(s.resign_date) },
              { key: 'last', label: f('lastWorkingDate'), children: formatDate(s.last_working_date) },
              { key: 'type', label: f('separationType'), children: dash(s.type?.name) },
              { key: 'status', label: f('separationStatus'), children: dash(s.status?.name) },
              { key: 'mode', label: f('separationMode'), children: dash(s.mode?.name) },
              { key: 'cert', label: f('certIssued'), children: yesNo(t, s.cert_issued) },
            ]
          : []
      }
    >
      {s ? null : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('profile.empty.separation')} />}
    </DetailsSection>
  );
}

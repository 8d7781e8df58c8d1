import { EyeInvisibleOutlined } from '@ant-design/icons';
import { isCalendarDate } from '@hr/contracts/dates';
import type { ChangeValue, FieldChange, RecordChange } from '@hr/contracts/record-changes';
import { Card, Empty, Flex, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { isRtl } from '../../../lib/i18n';
import { useChanges } from '../api';

const PAGE_SIZE = 10;

/**
 * The label of a field of the log: the profile's own field label, else one of
 * the log's; a field named alike in several parts is `section.field`.
 */
const FIELD_LABEL: Record<string, string> = {
  blood_group: 'profile.fields.bloodGroup',
  passport_no: 'profile.fields.passportNo',
  driving_license: 'profile.fields.drivingLicense',
  joining_date: 'profile.fields.joiningDate',
  line_manager: 'profile.fields.lineManager',
  confirmation_date: 'profile.fields.confirmationDate',
  present: 'profile.fields.presentAddress',
  permanent: 'profile.fields.permanentAddress',
  father_name: 'profile.fields.fatherName',
  mother_name: 'profile.fields.motherName',
  spouse_name: 'profile.fields.spouseName',
  marriage_date: 'profile.fields.marriageDate',
  marital_status: 'profile.fields.maritalStatus',
  passing_year: 'profile.fields.passingYear',
  duration_unit: 'profile.fields.durationUnit',
  certificate_no: 'profile.fields.certificateNo',
  resign_date: 'profile.fields.resignDate',
  last_working_date: 'profile.fields.lastWorkingDate',
  cert_issued: 'profile.fields.certIssued',
  photo: 'profile.changes.fields.photo',
  document: 'profile.changes.fields.document',
  file_name: 'profile.changes.fields.fileName',
  enabled: 'profile.changes.fields.enabled',
  'educations.type': 'profile.fields.educationType',
  'separation.type': 'profile.fields.separationType',
  'separation.status': 'profile.fields.separationStatus',
  'separation.mode': 'profile.fields.separationMode',
  'languages.name': 'profile.fields.language',
  'salary.basic': 'profile.changes.fields.basicSalary',
  'salary.tax': 'compensation.fields.tax',
};

const SECTION_COLOR: Record<string, string> = {
  basic: 'blue',
  general: 'geekblue',
  address: 'cyan',
  family: 'purple',
  separation: 'red',
  account: 'orange',
  salary: 'gold',
};

/** The record's change log (GET employees/{id}/changes): who changed which part, when, and each field before and after. */
export function ChangeLogCard({ employeeId }: { employeeId: number }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const changes = useChanges(employeeId, page, PAGE_SIZE);

  // Keys built at run time; the cast names one existing key for the typed `t`.
  const text = (key: string, fallback: string) =>
    i18n.exists(key) ? t(key as 'profile.changes.title') : fallback;
  const fieldLabel = (section: string, field: string) =>
    text(FIELD_LABEL[`${section}.${field}`] ?? FIELD_LABEL[field] ?? `profile.fields.${field}`, field);
  const value = (v: ChangeValue) => {
    if (v === null) return <Typography.Text type="secondary">{t('profile.changes.empty')}</Typography.Text>;
    if (typeof v === 'boolean') return v ? t('common.yes') : t('common.no');
    if (typeof v === 'string' && isCalendarDate(v)) return <bdi>{formatDate(v)}</bdi>;
    return <bdi>{String(v)}</bdi>;
  };
  // From the value before to the value after, in the direction the language reads.
  const arrow = isRtl(i18n.language) ? '←' : '→';
  const line = (section: string, c: FieldChange) => (
    <li key={c.field}>
      <Typography.Text strong>{fieldLabel(section, c.field)}</Typography.Text>{' '}
      {c.masked ? (
        <Tag icon={<EyeInvisibleOutlined aria-hidden />}>{t('profile.changes.masked')}</Tag>
      ) : (
        <span className="profile-changes__values">
          {value(c.before)} <span aria-hidden>{arrow}</span>
          <span className="visually-hidden">{t('profile.changes.to')}</span> {value(c.after)}
        </span>
      )}
    </li>
  );

  return (
    <Card
      title={t('profile.changes.title')}
      className="profile-section"
      role="region"
      aria-label={t('profile.changes.title')}
    >
      <Table<RecordChange>
        rowKey="id"
        size="small"
        loading={changes.isFetching}
        dataSource={changes.data?.items ?? []}
        scroll={{ x: 'max-content' }}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('profile.changes.none')} />,
        }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: changes.data?.total ?? 0,
          onChange: setPage,
          hideOnSinglePage: true,
          showSizeChanger: false,
        }}
        columns={[
          {
            key: 'created',
            title: t('profile.changes.when'),
            render: (_, c) => <bdi>{formatDateTime(c.created)}</bdi>,
          },
          {
            key: 'actor',
            title: t('profile.changes.by'),
            render: (_, c) => (
              <Flex vertical>
                <span>{c.actor?.name ?? t('profile.changes.system')}</span>
                {c.impersonated_by ? (
                  <Typography.Text type="secondary">
                    {t('profile.changes.impersonatedBy', { name: c.impersonated_by })}
                  </Typography.Text>
                ) : null}
              </Flex>
            ),
          },
          {
            key: 'what',
            title: t('profile.changes.what'),
            render: (_, c) => (
              <Flex vertical gap={4} align="flex-start">
                <Tag color={SECTION_COLOR[c.section] ?? 'default'}>
                  {text(`profile.changes.sections.${c.section}`, c.section)}
                </Tag>
                <Typography.Text type="secondary">
                  {text(`profile.changes.actions.${c.action}`, t('profile.changes.actions.other'))}
                </Typography.Text>
              </Flex>
            ),
          },
          {
            key: 'changes',
            title: t('profile.changes.fieldsChanged'),
            render: (_, c) => (
              <ul className="profile-changes__list">{c.changes.map((x) => line(c.section, x))}</ul>
            ),
          },
        ]}
      />
    </Card>
  );
}

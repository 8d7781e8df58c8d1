import { UnorderedListOutlined } from '@ant-design/icons';
import { NAME_MAX } from '@hr/contracts/admin';
import { EXAM_SORT_FIELDS, type ExamItem, examCreate } from '@hr/contracts/organisation';
import { Button, Flex, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminOnly } from '../../../components/AdminOnly';
import { ResourcePage } from '../../../components/admin/ResourcePage';
import { Field } from '../../../components/plain/Field';
import { Select } from '../../../components/plain/Select';
import { useLookupOptions } from '../api';
import { Count, EnabledField, EnabledTag } from '../components/common';
import { SubjectsDrawer } from '../components/SubjectsDrawer';
import '../organisation.css';
import { NameField } from '../../../components/admin/fields';
import { ForReaders } from '../../../components/ForReaders';
import { organisationResources } from '../keys';

interface ExamValues {
  name: string;
  type_id: number | undefined;
  enabled: boolean;
}

const EMPTY: ExamValues = { name: '', type_id: undefined, enabled: true };
/** Subjects named in a row; the rest are counted. */
const SHOWN = 4;

/** Administration > Exams: the exams of the profile's education form, each with its education type and subjects. */
export function Component() {
  const { t } = useTranslation();
  const types = useLookupOptions('education-types');
  const [subjectsOf, setSubjectsOf] = useState<number | null>(null);
  return (
    <AdminOnly>
      <ResourcePage<ExamItem, ExamValues>
        translatedName={NAME_MAX}
        resource={organisationResources.exams}
        texts="organisation.exams"
        sortFields={EXAM_SORT_FIELDS}
        defaultSort="id,asc"
        schema={examCreate}
        emptyValues={EMPTY}
        toValues={(e) => ({ name: e.name, type_id: e.type_id ?? undefined, enabled: e.enabled })}
        toBody={(v) => ({ name: v.name, type_id: v.type_id, enabled: v.enabled })}
        columns={[
          {
            key: 'name',
            title: t('organisation.common.name'),
            render: (_, e) => <Typography.Text strong>{e.name}</Typography.Text>,
          },
          {
            key: 'type',
            title: t('organisation.exams.educationType'),
            responsive: ['md'],
            render: (_, e) => e.type?.name ?? '—',
          },
          {
            key: 'subjects',
            title: t('organisation.exams.subjects'),
            render: (_, e) => (
              <Flex wrap gap={4} align="center" className="organisation-subject-tags">
                {e.subjects.length === 0 ? (
                  <Typography.Text type="secondary">{t('organisation.exams.noSubjects')}</Typography.Text>
                ) : null}
                {e.subjects.slice(0, SHOWN).map((s) => (
                  <Tag key={s.id}>{s.name}</Tag>
                ))}
                {e.subjects.length > SHOWN ? (
                  <Typography.Text type="secondary">
                    {t('organisation.exams.more', { count: e.subjects.length - SHOWN })}
                  </Typography.Text>
                ) : null}
                <Button
                  size="small"
                  type="link"
                  icon={<UnorderedListOutlined aria-hidden />}
                  onClick={() => setSubjectsOf(e.id)}
                >
                  {t('organisation.exams.manage')}
                  <ForReaders>{t('organisation.exams.subjectsTitle', { name: e.name })}</ForReaders>
                </Button>
              </Flex>
            ),
          },
          {
            key: 'educations',
            title: t('organisation.exams.educations'),
            align: 'end',
            responsive: ['lg'],
            render: (_, e) => <Count value={e.educations_count} />,
          },
          {
            key: 'enabled',
            title: t('organisation.common.status'),
            responsive: ['sm'],
            render: (_, e) => <EnabledTag on={e.enabled} />,
          },
        ]}
        fields={(form) => (
          <>
            <NameField form={form} label={t('organisation.common.name')} maxLength={NAME_MAX} />
            <Field label={t('organisation.exams.educationType')} field={form.field('type_id')} required>
              {(props) => (
                <Select
                  {...props}
                  options={(types.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
                  placeholder={t('organisation.common.choose')}
                />
              )}
            </Field>
            <EnabledField form={form} />
          </>
        )}
      />
      <SubjectsDrawer examId={subjectsOf} onClose={() => setSubjectsOf(null)} />
    </AdminOnly>
  );
}

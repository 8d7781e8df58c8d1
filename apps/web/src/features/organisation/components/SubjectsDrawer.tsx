import { NAME_MAX } from '@hr/contracts/admin';
import { type ExamSubject, subjectCreate } from '@hr/contracts/organisation';
import { useTranslation } from 'react-i18next';
import { NamedItemsDrawer } from '../../../components/admin/NamedItemsDrawer';
import { useExam, useSubjectMutations } from '../api';
import { Count } from './common';

/**
 * The subjects of one exam (the choices of the profile's education form once
 * that exam is chosen): add one by name, rename one or name it in the other
 * languages, delete one no education uses.
 */
export function SubjectsDrawer({ examId, onClose }: { examId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const exam = useExam(examId);
  const { add, update, remove } = useSubjectMutations(examId ?? 0);
  const name = exam.data?.name ?? '';
  return (
    <NamedItemsDrawer<ExamSubject>
      open={examId !== null}
      onClose={onClose}
      title={name ? t('organisation.exams.subjectsTitle', { name }) : t('organisation.exams.subjects')}
      intro={t('organisation.exams.subjectsHint')}
      items={exam.data?.subjects}
      loading={exam.isFetching}
      formName="exam-subject"
      schema={subjectCreate}
      maxLength={NAME_MAX}
      texts={{
        name: t('organisation.exams.subject'),
        newName: t('organisation.exams.newSubject'),
        add: t('organisation.exams.addSubject'),
        empty: t('organisation.exams.noSubjects'),
      }}
      columns={[
        {
          key: 'educations',
          title: t('organisation.exams.educations'),
          align: 'end',
          width: 120,
          render: (_, s) => <Count value={s.educations_count} />,
        },
      ]}
      add={(names) => add.mutateAsync(names)}
      rename={(s, body) => update.mutateAsync({ id: s.id, body })}
      remove={(s) => remove.mutateAsync(s.id)}
      adding={add.isPending}
      renaming={update.isPending}
    />
  );
}

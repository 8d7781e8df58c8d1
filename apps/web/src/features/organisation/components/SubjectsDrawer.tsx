import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { NAME_MAX } from '@hr/contracts/admin';
import { type ExamSubject, subjectCreate } from '@hr/contracts/organisation';
import {
  Button,
  Drawer,
  Empty,
  Flex,
  Form,
  Input,
  type InputRef,
  Skeleton,
  Table,
  Tooltip,
  Typography,
} from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDelete } from '../../../lib/confirm-delete';
import { isRtl } from '../../../lib/i18n';
import { reportError, toastSuccess } from '../../../lib/notify';
import { adminRules, applyAdminErrors } from '../../admin/validation';
import { useExam, useSubjectMutations } from '../api';
import { Count } from './common';
import '../organisation.css';

const rules = adminRules(subjectCreate);

/**
 * The subjects of one exam (the choices of the profile's education form once
 * that exam is chosen): add one by name, delete one no education uses.
 */
export function SubjectsDrawer({ examId, onClose }: { examId: number | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const exam = useExam(examId);
  const { add, remove } = useSubjectMutations(examId ?? 0);
  const [form] = Form.useForm<{ name: string }>();
  const input = useRef<InputRef>(null);
  const name = exam.data?.name ?? '';

  const save = async ({ name: subject }: { name: string }) => {
    try {
      await add.mutateAsync({ name: subject });
      toastSuccess(t('notices.saved'));
      form.resetFields();
      input.current?.focus();
    } catch (error) {
      applyAdminErrors(form, error);
    }
  };

  const askDelete = async (subject: ExamSubject) => {
    if (!(await confirmDelete(subject.name))) return;
    try {
      await remove.mutateAsync(subject.id);
      toastSuccess(t('notices.deleted', { name: subject.name }));
    } catch (error) {
      reportError(error);
    }
  };

  return (
    <Drawer
      open={examId !== null}
      onClose={onClose}
      title={name ? t('organisation.exams.subjectsTitle', { name }) : t('organisation.exams.subjects')}
      placement={isRtl(i18n.language) ? 'left' : 'right'}
      size="min(520px, 100vw)"
      destroyOnHidden
    >
      {!exam.data ? (
        <Skeleton active />
      ) : (
        <Flex vertical gap={16}>
          <Typography.Text type="secondary">{t('organisation.exams.subjectsHint')}</Typography.Text>
          <Form form={form} name="exam-subject" layout="vertical" onFinish={save} requiredMark="optional">
            <Flex gap={8} align="flex-start">
              <Form.Item
                name="name"
                label={t('organisation.exams.newSubject')}
                rules={rules('name')}
                required
                style={{ flex: 1, marginBottom: 0 }}
              >
                <Input ref={input} maxLength={NAME_MAX} autoFocus />
              </Form.Item>
              <Button
                type="primary"
                htmlType="submit"
                icon={<PlusOutlined />}
                loading={add.isPending}
                className="organisation-inline-submit"
              >
                {t('organisation.exams.addSubject')}
              </Button>
            </Flex>
          </Form>
          <Table<ExamSubject>
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={exam.data.subjects}
            aria-label={t('organisation.exams.subjectsTitle', { name })}
            locale={{
              emptyText: (
                <Empty
                  image={Empty.PRESENTED_IMAGE_SIMPLE}
                  description={t('organisation.exams.noSubjects')}
                />
              ),
            }}
            columns={[
              { key: 'name', title: t('organisation.exams.subject'), dataIndex: 'name' },
              {
                key: 'educations',
                title: t('organisation.exams.educations'),
                align: 'end',
                width: 120,
                render: (_, s) => <Count value={s.educations_count} />,
              },
              {
                key: 'actions',
                title: t('common.actions'),
                align: 'end',
                width: 80,
                render: (_, s) => (
                  <Tooltip title={t('common.delete')}>
                    <Button
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={`${t('common.delete')} ${s.name}`}
                      onClick={() => void askDelete(s)}
                    />
                  </Tooltip>
                ),
              },
            ]}
          />
        </Flex>
      )}
    </Drawer>
  );
}

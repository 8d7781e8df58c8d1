import { CheckOutlined, CloseOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { NAME_MAX } from '@hr/contracts/admin';
import { type ExamSubject, subjectCreate } from '@hr/contracts/organisation';
import type { NameTranslations } from '@hr/contracts/translations';
import {
  Button,
  Drawer,
  Empty,
  Flex,
  Form,
  Input,
  type InputRef,
  Skeleton,
  Space,
  Table,
  Tooltip,
  Typography,
} from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminRules, applyAdminErrors } from '../../../lib/admin-forms';
import { confirmDelete } from '../../../lib/confirm-delete';
import { isRtl } from '../../../lib/i18n';
import { reportError, toastSuccess } from '../../../lib/notify';
import { NameTranslationsFields, saveNames } from '../../admin';
import { useExam, useSubjectMutations } from '../api';
import { Count } from './common';
import '../organisation.css';

const rules = adminRules(subjectCreate);

/** A subject's name and its names in the other languages, as the drawer's forms edit them. */
interface SubjectNames {
  name: string;
  name_translations?: NameTranslations;
}

/**
 * The subjects of one exam (the choices of the profile's education form once
 * that exam is chosen): add one by name, rename one or name it in the other
 * languages, delete one no education uses.
 */
export function SubjectsDrawer({ examId, onClose }: { examId: number | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const exam = useExam(examId);
  const { add, update, remove } = useSubjectMutations(examId ?? 0);
  const [form] = Form.useForm<SubjectNames>();
  const [renaming] = Form.useForm<SubjectNames>();
  const [editing, setEditing] = useState<number | null>(null);
  const input = useRef<InputRef>(null);
  const name = exam.data?.name ?? '';

  const save = async ({ name: subject }: SubjectNames) => {
    try {
      await add.mutateAsync({
        name: subject,
        name_translations: form.getFieldValue('name_translations') ?? {},
      });
      toastSuccess(t('notices.saved'));
      form.resetFields();
      input.current?.focus();
    } catch (error) {
      applyAdminErrors(form, error);
    }
  };

  const rename = async (subject: ExamSubject) => {
    if (!(await saveNames(renaming, (body) => update.mutateAsync({ id: subject.id, body })))) return;
    toastSuccess(t('notices.updated'));
    setEditing(null);
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
      onClose={() => {
        setEditing(null);
        onClose();
      }}
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
            <NameTranslationsFields maxLength={NAME_MAX} rules={rules} />
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
              {
                key: 'name',
                title: t('organisation.exams.subject'),
                render: (_, s) =>
                  editing === s.id ? (
                    <Form form={renaming} name="rename-subject" onFinish={() => rename(s)} component="div">
                      <Flex vertical gap={8}>
                        <Flex gap={4} align="start">
                          <Form.Item name="name" rules={rules('name')} style={{ flex: 1, margin: 0 }}>
                            <Input
                              maxLength={NAME_MAX}
                              aria-label={t('organisation.exams.subject')}
                              autoFocus
                              onPressEnter={() => rename(s)}
                            />
                          </Form.Item>
                          <Tooltip title={t('common.save')}>
                            <Button
                              type="primary"
                              icon={<CheckOutlined />}
                              aria-label={t('common.save')}
                              loading={update.isPending}
                              onClick={() => rename(s)}
                            />
                          </Tooltip>
                          <Tooltip title={t('common.cancel')}>
                            <Button
                              icon={<CloseOutlined />}
                              aria-label={t('common.cancel')}
                              onClick={() => setEditing(null)}
                            />
                          </Tooltip>
                        </Flex>
                        <NameTranslationsFields maxLength={NAME_MAX} rules={rules} />
                      </Flex>
                    </Form>
                  ) : (
                    s.name
                  ),
              },
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
                width: 96,
                render: (_, s) => (
                  <Space size={0}>
                    <Tooltip title={t('common.edit')}>
                      <Button
                        type="text"
                        icon={<EditOutlined />}
                        aria-label={`${t('common.edit')} ${s.name}`}
                        onClick={() => {
                          renaming.setFieldsValue({
                            name: s.name,
                            name_translations: s.name_translations ?? {},
                          });
                          setEditing(s.id);
                        }}
                      />
                    </Tooltip>
                    <Tooltip title={t('common.delete')}>
                      <Button
                        type="text"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={`${t('common.delete')} ${s.name}`}
                        onClick={() => void askDelete(s)}
                      />
                    </Tooltip>
                  </Space>
                ),
              },
            ]}
          />
        </Flex>
      )}
    </Drawer>
  );
}

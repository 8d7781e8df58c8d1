import {
  DeleteOutlined,
  DownloadOutlined,
  FileOutlined,
  InboxOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import {
  DOCUMENT_MAX_BYTES,
  documentUpload,
  type FullProfile,
  type ProfileDocument,
} from '@hr/contracts/employees';
import { MESSAGES } from '@hr/contracts/messages';
import { Button, Card, Empty, Form, Input, Modal, Space, Table, Tooltip, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDelete } from '../../../lib/confirm-delete';
import { formatTimestamp } from '../../../lib/dates';
import { formatFileSize } from '../../../lib/format';
import { applyServerErrors } from '../../../lib/forms';
import { translateValidation } from '../../../lib/i18n';
import { reportError, toastSuccess } from '../../../lib/notify';
import { downloadDocument, readAsDataUrl, useDocumentUpload, useSectionSave } from '../api';

/** A size as people read it in their language: 1.2 MB, 840 kB (1,2 Mo, 840 ko). */
export const fileSize = (bytes: number): string => formatFileSize(bytes);

const nameRule = (t: (k: 'validation.nameRequired') => string) => ({
  validator: async (_: unknown, value: string | undefined) => {
    const r = documentUpload.shape.name.safeParse(value ?? '');
    if (!r.success)
      throw new Error(translateValidation(r.error.issues[0]?.message ?? t('validation.nameRequired')));
  },
});

function UploadModal({
  profile,
  open,
  onClose,
}: {
  profile: FullProfile;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const upload = useDocumentUpload(profile.id);
  const [form] = Form.useForm<{ name: string }>();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);

  const close = () => {
    setFile(null);
    setFileError(null);
    onClose();
  };

  const save = async () => {
    let values: { name: string };
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    if (!file) {
      setFileError(translateValidation(MESSAGES.fileRequired));
      return;
    }
    try {
      await upload.mutateAsync({ name: values.name, file_name: file.name, file: await readAsDataUrl(file) });
      toastSuccess(t('notices.saved'));
      close();
    } catch (err) {
      applyServerErrors(form, err);
    }
  };

  return (
    <Modal
      open={open}
      title={t('profile.documents.upload')}
      onCancel={close}
      onOk={() => void save()}
      okText={t('common.upload')}
      cancelText={t('common.cancel')}
      confirmLoading={upload.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="name" label={t('profile.documents.name')} required rules={[nameRule(t)]}>
          <Input placeholder={t('profile.documents.namePlaceholder')} />
        </Form.Item>
        <Form.Item
          label={t('profile.documents.file')}
          required
          validateStatus={fileError ? 'error' : undefined}
          help={fileError ?? t('profile.documents.limit')}
        >
          <Upload.Dragger
            multiple={false}
            showUploadList={false}
            beforeUpload={(chosen) => {
              // A file name is shown to others too: "invoice\u202Efdp.exe" would read "invoiceexe.pdf".
              const badName = documentUpload.shape.file_name.safeParse(chosen.name).error?.issues[0];
              if (chosen.size === 0) setFileError(translateValidation(MESSAGES.fileRequired));
              else if (chosen.size > DOCUMENT_MAX_BYTES)
                setFileError(translateValidation(MESSAGES.fileTooLarge));
              else if (badName) setFileError(translateValidation(badName.message));
              else {
                setFileError(null);
                setFile(chosen);
                if (!form.getFieldValue('name'))
                  form.setFieldsValue({ name: chosen.name.replace(/\.[^.]+$/, '').slice(0, 100) });
              }
              return Upload.LIST_IGNORE;
            }}
          >
            <p className="ant-upload-drag-icon">
              {file ? <FileOutlined aria-hidden /> : <InboxOutlined aria-hidden />}
            </p>
            <p className="ant-upload-text">{file ? file.name : t('profile.documents.drop')}</p>
            {file ? <p className="ant-upload-hint">{fileSize(file.size)}</p> : null}
          </Upload.Dragger>
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The profile's documents: listed for whoever may read the profile, kept by the employee and HR. */
export function DocumentsTab({ profile }: { profile: FullProfile }) {
  const { t } = useTranslation();
  const canEdit = profile.permissions.edit.files;
  const save = useSectionSave(profile.id);
  const [open, setOpen] = useState(false);
  const [downloading, setDownloading] = useState<number | null>(null);

  const download = async (doc: ProfileDocument) => {
    setDownloading(doc.id);
    try {
      await downloadDocument(profile.id, doc);
    } catch (err) {
      reportError(err);
    } finally {
      setDownloading(null);
    }
  };

  const remove = async (doc: ProfileDocument) => {
    if (!(await confirmDelete(doc.name))) return;
    try {
      await save.mutateAsync({ method: 'delete', path: `employees/${profile.id}/files/${doc.id}` });
      toastSuccess(t('notices.deleted', { name: doc.name }));
    } catch (err) {
      reportError(err);
    }
  };

  return (
    <Card
      title={t('profile.sections.documents')}
      className="profile-section"
      extra={
        canEdit ? (
          <Button type="primary" ghost icon={<UploadOutlined aria-hidden />} onClick={() => setOpen(true)}>
            {t('profile.documents.upload')}
          </Button>
        ) : null
      }
    >
      <Table<ProfileDocument>
        rowKey="id"
        size="small"
        dataSource={profile.files}
        pagination={profile.files.length > 10 ? { pageSize: 10 } : false}
        scroll={{ x: 'max-content' }}
        locale={{
          emptyText: (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('profile.empty.documents')} />
          ),
        }}
        columns={[
          {
            key: 'name',
            title: t('profile.documents.name'),
            render: (_, d) => (
              <Space direction="vertical" size={0}>
                <Typography.Text strong>{d.name}</Typography.Text>
                <Typography.Text type="secondary">
                  <bdi>{d.file_name}</bdi>
                </Typography.Text>
              </Space>
            ),
          },
          {
            key: 'size',
            title: t('profile.documents.size'),
            render: (_, d) => <bdi>{fileSize(d.size)}</bdi>,
          },
          {
            key: 'created',
            title: t('profile.documents.uploaded'),
            render: (_, d) => <bdi>{formatTimestamp(d.created)}</bdi>,
          },
          {
            key: 'actions',
            title: t('common.actions'),
            width: 96,
            render: (_, d) => (
              <Space size={0}>
                <Tooltip title={t('common.download')}>
                  <Button
                    type="text"
                    icon={<DownloadOutlined aria-hidden />}
                    loading={downloading === d.id}
                    aria-label={`${t('common.download')} ${d.name}`}
                    onClick={() => void download(d)}
                  />
                </Tooltip>
                {canEdit ? (
                  <Tooltip title={t('common.delete')}>
                    <Button
                      type="text"
                      danger
                      icon={<DeleteOutlined aria-hidden />}
                      aria-label={`${t('common.delete')} ${d.name}`}
                      onClick={() => void remove(d)}
                    />
                  </Tooltip>
                ) : null}
              </Space>
            ),
          },
        ]}
      />
      {canEdit ? <UploadModal profile={profile} open={open} onClose={() => setOpen(false)} /> : null}
    </Card>
  );
}

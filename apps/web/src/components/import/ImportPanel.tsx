import { InboxOutlined, UploadOutlined } from '@ant-design/icons';
import { type AnyImport, importFileBody } from '@hr/contracts/imports';
import { Alert, Button, Card, Checkbox, Flex, Progress, Typography, Upload } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateValidation } from '../../lib/i18n';
import { reportError, toastError } from '../../lib/notify';
import { type ImportKind, useImportListChanged } from './api';
import { ImportCounts, RefusedRows } from './RefusedRows';
import { fileAsBase64, uploadImportFile } from './upload';
import './import.css';

function ImportResult<T extends AnyImport>({ result, kind }: { result: T; kind: ImportKind<T> }) {
  const { t } = useTranslation();
  const file = result.file_name;
  if (result.status === 'done')
    return (
      <Alert
        type="success"
        showIcon
        role="status"
        title={result.dry_run ? t('imports.result.dryDone', { file }) : t('imports.result.done', { file })}
        description={<ImportCounts result={result} kind={kind} />}
      />
    );
  return (
    <Flex vertical gap={12}>
      <Alert
        type="error"
        showIcon
        role="alert"
        title={
          result.dry_run ? t('imports.result.dryRefused', { file }) : t('imports.result.refused', { file })
        }
        description={
          <>
            <ImportCounts result={result} kind={kind} />
            {result.dry_run ? (
              <Typography.Paragraph style={{ marginBottom: 0 }}>
                {t('imports.result.readyOnceFixed', { count: Math.max(0, result.total - result.refused) })}
              </Typography.Paragraph>
            ) : null}
            {result.refused > result.errors.length ? (
              <Typography.Text type="secondary">
                {t('imports.result.firstListed', { count: result.errors.length })}
              </Typography.Text>
            ) : null}
          </>
        }
      />
      <RefusedRows<T> errors={result.errors} kind={kind} />
    </Flex>
  );
}

type Phase = 'idle' | 'reading' | 'uploading' | 'processing';

/**
 * The import of a CSV file, for every kind of import (DESIGN.md §10): that
 * a single bad row refuses the file whole (said before anything is sent),
 * what the file holds (the kind's `children`), the file, the upload with its
 * progress, and the result with its counts and refused rows. The progress
 * bar follows the bytes sent (XMLHttpRequest upload events); once the file
 * is sent, the server checks and imports it and answers when it is done,
 * which the panel shows as a step of its own.
 */
export function ImportPanel<T extends AnyImport>({
  title,
  kind,
  onImported,
  children,
}: {
  title: string;
  kind: ImportKind<T>;
  /** After an import was kept (its kind's list of imports is read again in any case). */
  onImported?: () => void;
  /** What a file of this kind holds: its columns, an example. */
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [dryRun, setDryRun] = useState(false);
  const [phase, setPhase] = useState<Phase>('idle');
  const [sent, setSent] = useState(0);
  const [result, setResult] = useState<T | null>(null);
  const listChanged = useImportListChanged(kind.path);
  const busy = phase !== 'idle';

  const send = async () => {
    if (!file) return;
    if (file.size > kind.maxBytes) {
      toastError(t('imports.tooLarge', { size: Math.round(kind.maxBytes / 1024 / 1024) }));
      return;
    }
    // The file's name is listed in the imports' history.
    const badName = importFileBody.shape.file_name.safeParse(file.name).error?.issues[0];
    if (badName) {
      toastError(translateValidation(badName.message));
      return;
    }
    setResult(null);
    setSent(0);
    setPhase('reading');
    try {
      const content = await fileAsBase64(file);
      setPhase('uploading');
      const answer = await uploadImportFile<T>(
        kind.path,
        { file_name: file.name, file: content, dry_run: dryRun },
        (share) => {
          setSent(share);
          if (share >= 1) setPhase('processing');
        },
      );
      setResult(answer);
      if (answer.id !== null) {
        listChanged();
        onImported?.();
      }
    } catch (error) {
      reportError(error);
    } finally {
      setPhase('idle');
    }
  };

  const percent = Math.round(sent * 100);
  return (
    <Card role="region" aria-label={title} title={title}>
      <Flex vertical gap={16}>
        <Alert type="info" showIcon role="note" title={t('imports.allOrNothing')} />
        <div>{children}</div>
        <Upload.Dragger
          accept=".csv,text/csv,text/plain"
          maxCount={1}
          disabled={busy}
          fileList={
            file
              ? [{ uid: 'import-file', name: file.name, size: file.size, type: file.type, status: 'done' }]
              : []
          }
          beforeUpload={(chosen) => {
            setFile(chosen);
            setResult(null);
            return false;
          }}
          onRemove={() => {
            setFile(null);
            return true;
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined aria-hidden />
          </p>
          <p>{t('imports.drop')}</p>
        </Upload.Dragger>
        <Flex gap={16} align="center" wrap>
          <Checkbox checked={dryRun} disabled={busy} onChange={(e) => setDryRun(e.target.checked)}>
            {t('imports.dryRun')}
          </Checkbox>
          <Button
            type="primary"
            icon={<UploadOutlined aria-hidden />}
            disabled={!file}
            loading={busy}
            onClick={() => void send()}
          >
            {dryRun ? t('imports.check') : t('imports.send')}
          </Button>
        </Flex>
        {busy ? (
          <div>
            <Progress
              percent={phase === 'processing' ? 100 : percent}
              status="active"
              aria-label={t('imports.progress.label')}
            />
            <Typography.Text type="secondary" role="status">
              {phase === 'processing'
                ? t(dryRun ? 'imports.progress.checking' : 'imports.progress.processing')
                : t('imports.progress.sending', { percent: phase === 'reading' ? 0 : percent })}
            </Typography.Text>
          </div>
        ) : null}
        {result ? <ImportResult<T> result={result} kind={kind} /> : null}
      </Flex>
    </Card>
  );
}

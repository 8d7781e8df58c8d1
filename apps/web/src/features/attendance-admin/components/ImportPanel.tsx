import { InboxOutlined, UploadOutlined } from '@ant-design/icons';
import { type ImportRowError, PUNCH_FILE_MAX_BYTES, type PunchImport } from '@hr/contracts/attendance-intake';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Flex,
  Progress,
  Table,
  type TableColumnsType,
  Typography,
  Upload,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportError, toastError } from '../../../lib/notify';
import { fileAsBase64, uploadPunchFile, useImportsChanged } from '../api';

const EXAMPLE = [
  'E-ID,Date-time,Device',
  '1004,2026-01-05 08:59,GATE-1',
  '1004,05-01-2026 18:02:30,GATE-1',
].join('\n');

/** The refused rows of an import: line, reason, cell. */
export function RefusedRows({ errors }: { errors: ImportRowError[] }) {
  const { t } = useTranslation();
  const columns: TableColumnsType<ImportRowError> = [
    { title: t('attendanceAdmin.errors.line'), key: 'line', dataIndex: 'line', width: 90 },
    {
      title: t('attendanceAdmin.errors.reason'),
      key: 'reason',
      render: (_, e) => t(`attendanceAdmin.reasons.${e.reason}`),
    },
    {
      title: t('attendanceAdmin.errors.value'),
      key: 'value',
      render: (_, e) => (e.value === null ? '—' : <bdi>{e.value === '' ? '""' : e.value}</bdi>),
    },
  ];
  return (
    <Table<ImportRowError>
      rowKey="line"
      size="small"
      columns={columns}
      dataSource={errors}
      aria-label={t('attendanceAdmin.errors.label')}
      pagination={errors.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
    />
  );
}

/** An import's counts, as a list. */
export function ImportCounts({ result }: { result: PunchImport }) {
  const { t } = useTranslation();
  const counts: [string, number][] = [
    [t('attendanceAdmin.counts.total'), result.total],
    [t('attendanceAdmin.counts.added'), result.added],
    [t('attendanceAdmin.counts.duplicates'), result.duplicates],
    [t('attendanceAdmin.counts.refused'), result.refused],
  ];
  return (
    <ul className="attendance-admin-counts" aria-label={t('attendanceAdmin.counts.label')}>
      {counts.map(([label, value]) => (
        <li key={label}>
          {label}: <strong>{value}</strong>
        </li>
      ))}
    </ul>
  );
}

function ImportResult({ result }: { result: PunchImport }) {
  const { t } = useTranslation();
  const file = result.file_name;
  if (result.status === 'done')
    return (
      <Alert
        type="success"
        showIcon
        role="status"
        title={
          result.dry_run
            ? t('attendanceAdmin.result.dryDone', { file })
            : t('attendanceAdmin.result.done', { file })
        }
        description={<ImportCounts result={result} />}
      />
    );
  return (
    <Flex vertical gap={12}>
      <Alert
        type="error"
        showIcon
        role="alert"
        title={t('attendanceAdmin.result.refused', { file })}
        description={
          <>
            <ImportCounts result={result} />
            {result.refused > result.errors.length ? (
              <Typography.Text type="secondary">
                {t('attendanceAdmin.result.firstListed', { count: result.errors.length })}
              </Typography.Text>
            ) : null}
          </>
        }
      />
      <RefusedRows errors={result.errors} />
    </Flex>
  );
}

type Phase = 'idle' | 'reading' | 'uploading' | 'processing';

/**
 * The CSV import: what a file must hold and that a single bad row refuses
 * it whole (said before anything is sent), the file, the upload with its
 * progress, and the result. The progress bar follows the bytes sent
 * (XMLHttpRequest upload events); once the file is sent, the server checks
 * and imports it and answers when it is done, which the panel shows as a
 * step of its own.
 */
export function ImportPanel() {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [dryRun, setDryRun] = useState(false);
  const [phase, setPhase] = useState<Phase>('idle');
  const [sent, setSent] = useState(0);
  const [result, setResult] = useState<PunchImport | null>(null);
  const changed = useImportsChanged();
  const busy = phase !== 'idle';

  const send = async () => {
    if (!file) return;
    if (file.size > PUNCH_FILE_MAX_BYTES) {
      toastError(t('attendanceAdmin.import.tooLarge'));
      return;
    }
    setResult(null);
    setSent(0);
    setPhase('reading');
    try {
      const content = await fileAsBase64(file);
      setPhase('uploading');
      const answer = await uploadPunchFile(
        { file_name: file.name, file: content, dry_run: dryRun },
        (share) => {
          setSent(share);
          if (share >= 1) setPhase('processing');
        },
      );
      setResult(answer);
      if (answer.id !== null) changed();
    } catch (error) {
      reportError(error);
    } finally {
      setPhase('idle');
    }
  };

  const percent = Math.round(sent * 100);
  return (
    <Card
      role="region"
      aria-label={t('attendanceAdmin.import.title')}
      title={t('attendanceAdmin.import.title')}
    >
      <Flex vertical gap={16}>
        <Alert type="info" showIcon role="note" title={t('attendanceAdmin.import.allOrNothing')} />
        <div>
          <Typography.Text strong>{t('attendanceAdmin.import.columnsTitle')}</Typography.Text>
          <ol className="attendance-admin-columns">
            <li>{t('attendanceAdmin.import.columns.eid')}</li>
            <li>{t('attendanceAdmin.import.columns.time')}</li>
            <li>{t('attendanceAdmin.import.columns.device')}</li>
          </ol>
          <Typography.Paragraph type="secondary">{t('attendanceAdmin.import.format')}</Typography.Paragraph>
          <Typography.Paragraph type="secondary">
            {t('attendanceAdmin.import.duplicates')}
          </Typography.Paragraph>
          <Typography.Text strong>{t('attendanceAdmin.import.example')}</Typography.Text>
          <pre className="attendance-admin-example" dir="ltr">
            {EXAMPLE}
          </pre>
        </div>
        <Upload.Dragger
          accept=".csv,text/csv,text/plain"
          maxCount={1}
          disabled={busy}
          fileList={
            file
              ? [{ uid: 'punch-file', name: file.name, size: file.size, type: file.type, status: 'done' }]
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
            <InboxOutlined />
          </p>
          <p>{t('attendanceAdmin.import.drop')}</p>
        </Upload.Dragger>
        <Flex gap={16} align="center" wrap>
          <Checkbox checked={dryRun} disabled={busy} onChange={(e) => setDryRun(e.target.checked)}>
            {t('attendanceAdmin.import.dryRun')}
          </Checkbox>
          <Button
            type="primary"
            icon={<UploadOutlined />}
            disabled={!file}
            loading={busy}
            onClick={() => void send()}
          >
            {dryRun ? t('attendanceAdmin.import.check') : t('attendanceAdmin.import.send')}
          </Button>
        </Flex>
        {busy ? (
          <div>
            <Progress
              percent={phase === 'processing' ? 100 : percent}
              status="active"
              aria-label={t('attendanceAdmin.progress.label')}
            />
            <Typography.Text type="secondary" role="status">
              {phase === 'processing'
                ? t(dryRun ? 'attendanceAdmin.progress.checking' : 'attendanceAdmin.progress.processing')
                : t('attendanceAdmin.progress.sending', { percent: phase === 'reading' ? 0 : percent })}
            </Typography.Text>
          </div>
        ) : null}
        {result ? <ImportResult result={result} /> : null}
      </Flex>
    </Card>
  );
}

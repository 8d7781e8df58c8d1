import { type ImportRefusal, PUNCH_FILE_MAX_BYTES, type PunchImport } from '@hr/contracts/attendance-intake';
import { Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { commonCounts, type ImportKind } from '../../../components/import/api';
import { ImportPanel } from '../../../components/import/ImportPanel';
import { ImportsPanel } from '../../../components/import/ImportsPanel';
import { useDevices, useReportsChanged } from '../api';

/** What a punch file looks like, with a device the company has (the first enabled one) where there is one. */
const example = (device: string) =>
  ['E-ID,Date-time,Device', `1004,2026-01-05 08:59,${device}`, `1004,05-01-2026 18:02:30,${device}`].join(
    '\n',
  );

/** Punch files on the import screen: their counts and why a row is refused. */
function punchKind(t: TFunction): ImportKind<PunchImport> {
  const counts = commonCounts(t);
  return {
    path: 'attendance/imports',
    maxBytes: PUNCH_FILE_MAX_BYTES,
    counts: [counts.total, counts.added, counts.duplicates, counts.refused],
    reason: (e) => t(`attendanceAdmin.reasons.${e.reason satisfies ImportRefusal}`),
  };
}

/**
 * The CSV import of punches and the last punch imports, on the import
 * screen every import shares: what a punch file holds (three columns in
 * order, either date-time form, the duplicates rule) is this screen's own.
 */
export function PunchImports() {
  const { t } = useTranslation();
  const kind = punchKind(t);
  const reportsChanged = useReportsChanged();
  const devices = useDevices();
  const device =
    devices.data?.items.find((d) => d.enabled)?.code ?? devices.data?.items[0]?.code ?? 'MAIN-GATE';
  return (
    <>
      <ImportPanel title={t('attendanceAdmin.import.title')} kind={kind} onImported={reportsChanged}>
        <Typography.Text strong>{t('attendanceAdmin.import.columnsTitle')}</Typography.Text>
        <ol className="import-columns">
          <li>{t('attendanceAdmin.import.columns.eid')}</li>
          <li>{t('attendanceAdmin.import.columns.time')}</li>
          <li>{t('attendanceAdmin.import.columns.device')}</li>
        </ol>
        <Typography.Paragraph type="secondary">{t('attendanceAdmin.import.format')}</Typography.Paragraph>
        <Typography.Paragraph type="secondary">{t('attendanceAdmin.import.duplicates')}</Typography.Paragraph>
        <Typography.Text strong>{t('imports.example')}</Typography.Text>
        <pre className="import-example" dir="ltr">
          {example(device)}
        </pre>
      </ImportPanel>
      <ImportsPanel title={t('imports.last.title')} kind={kind} />
    </>
  );
}

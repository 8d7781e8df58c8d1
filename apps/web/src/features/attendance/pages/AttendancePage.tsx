import dayjs from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import '../../../components/attendance/attendance-days.css';
import { PageHeader } from '../../../components/PageHeader';
import { PlainCard } from '../../../components/PlainBlocks';
import { Button } from '../../../components/plain/Button';
import { Result } from '../../../components/plain/Result';
import { Segmented } from '../../../components/plain/Segmented';
import { ApiError } from '../../../lib/http';
import { useMe } from '../../../lib/me';
import { endSession, useSession } from '../../../lib/session';
import { downloadIndividualCsv, downloadSummaryCsv, useIndividualReport, useSummaryReport } from '../api';
import '../attendance.css';
import AttendanceChart from '../components/AttendanceChart';
import { DaysTable } from '../components/DaysTable';
import { EmployeePicker } from '../components/EmployeePicker';
import { ExportButton } from '../components/ExportButton';
import { RangeFilter } from '../components/RangeFilter';
import { ReportHeader } from '../components/ReportHeader';
import { SummaryTable } from '../components/SummaryTable';
import { type AttendanceState, type AttendanceView, readState, writeState } from '../range';

function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Result
      status="warning"
      title={error instanceof ApiError ? error.message : t('errors.unexpected')}
      extra={<Button onClick={onRetry}>{t('attendance.retry')}</Button>}
    />
  );
}

/**
 * /attendance (SPEC.md §2): one employee's days over a range, with their
 * totals, a chart and the CSV export; for managers and HR administrators
 * also a team member's report and the team summary. What is shown lives in
 * the address, so a summary's name opens a report that can be shared.
 */
export function Component() {
  const { t } = useTranslation();
  const session = useSession();
  const me = useMe();
  const [params, setParams] = useSearchParams();
  const today = dayjs().format('YYYY-MM-DD');
  const state = readState(params, today);

  // SPEC.md §4: without an employee id, the attendance report signs the user out.
  const noEmployee = Boolean(session && !session.employee_id);
  useEffect(() => {
    if (noEmployee) endSession('unauthorized');
  }, [noEmployee]);

  const manager = Boolean(me.data && (me.data.employee.has_reports || me.data.user.is_admin));
  const view: AttendanceView = manager ? state.view : 'individual';
  const employeeId = state.employeeId ?? session?.employee_id;
  // Nothing is asked before the range and the employee are set (SPEC.md §5).
  const report = useIndividualReport(view === 'individual' ? state.range : null, employeeId);
  const summary = useSummaryReport(state.range, view === 'summary' && manager);

  const show = (patch: Partial<AttendanceState>) =>
    setParams(writeState({ ...state, ...patch }, today), { replace: true });
  const reportLink = (id: number) =>
    `?${writeState({ view: 'individual', range: state.range, employeeId: id }, today).toString()}`;

  const data = report.isPlaceholderData ? undefined : report.data;
  const rows = data?.rows ?? [];
  const summaryRows = summary.isPlaceholderData ? [] : (summary.data?.rows ?? []);

  const exportButton =
    view === 'summary' ? (
      <ExportButton
        label={t('attendance.exportSummary')}
        disabled={summaryRows.length === 0}
        onExport={() => downloadSummaryCsv(state.range)}
      />
    ) : (
      <ExportButton
        label={t('attendance.export')}
        disabled={!data || rows.length === 0}
        onExport={() => (data ? downloadIndividualCsv(data.employee, state.range) : Promise.resolve())}
      />
    );

  return (
    <>
      <PageHeader title={t('nav.attendance')} extra={exportButton} />
      <search className="plain-card attendance-toolbar" aria-label={t('attendance.choose')}>
        <div className="plain-card__body plain-row plain-row--wide">
          <RangeFilter value={state.range} today={today} onChange={(range) => show({ range })} />
          {manager ? (
            <Segmented<AttendanceView>
              label={t('attendance.view.label')}
              value={view}
              onChange={(v) => show({ view: v })}
              options={[
                { value: 'individual', label: t('attendance.view.individual') },
                { value: 'summary', label: t('attendance.view.summary') },
              ]}
            />
          ) : null}
          {manager && me.data && view === 'individual' ? (
            <EmployeePicker
              me={me.data.employee}
              value={employeeId ?? me.data.employee.id}
              current={report.data?.employee}
              onChange={(id) => show({ employeeId: id === me.data.employee.id ? undefined : id })}
            />
          ) : null}
        </div>
      </search>

      {view === 'summary' ? (
        <PlainCard title={t('attendance.summaryTable')}>
          {summary.isError && !summary.data ? (
            <LoadFailed error={summary.error} onRetry={() => void summary.refetch()} />
          ) : (
            <SummaryTable
              rows={summary.data?.rows ?? []}
              loading={summary.isFetching}
              reportLink={reportLink}
            />
          )}
        </PlainCard>
      ) : report.isError && !report.data ? (
        <PlainCard title={null}>
          <LoadFailed error={report.error} onRetry={() => void report.refetch()} />
        </PlainCard>
      ) : (
        <>
          <ReportHeader employee={report.data?.employee} range={state.range} totals={report.data?.totals} />
          {data && rows.length > 0 ? (
            <PlainCard title={null}>
              <AttendanceChart rows={rows} totals={data.totals} range={state.range} />
            </PlainCard>
          ) : null}
          <PlainCard title={t('attendance.days')}>
            <DaysTable
              rows={report.data?.rows ?? []}
              loading={report.isFetching}
              label={
                report.data
                  ? t('attendance.daysOf', { name: report.data.employee.name })
                  : t('attendance.days')
              }
            />
          </PlainCard>
        </>
      )}
    </>
  );
}

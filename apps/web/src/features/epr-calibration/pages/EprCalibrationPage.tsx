import ReloadOutlined from '@ant-design/icons-svg/es/asn/ReloadOutlined';
import { isCalendarDate } from '@hr/contracts/dates';
import type { CalibrationQuery } from '@hr/contracts/epr-calibration';
import { CALIBRATION_SCOPES, type CalibrationScope } from '@hr/contracts/epr-calibration-rules';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { PlainAlert } from '../../../components/PlainAlert';
import { PlainStatistic } from '../../../components/PlainBlocks';
import { PlainIcon } from '../../../components/PlainIcon';
import { Button } from '../../../components/plain/Button';
import { Result } from '../../../components/plain/Result';
import { formatDateTime } from '../../../lib/dates';
import { formatNumber } from '../../../lib/format';
import { ApiError } from '../../../lib/http';
import { codeText } from '../../../lib/server-errors';
import { useCalibrationGrid } from '../api';
import { CalibrationFilters } from '../components/CalibrationFilters';
import { CalibrationGrid } from '../components/CalibrationGrid';
import '../epr-calibration.css';

const positive = (text: string | null) => {
  const n = Number(text);
  return text && Number.isInteger(n) && n > 0 ? n : undefined;
};
const day = (text: string | null) => (text && isCalendarDate(text) ? text : undefined);
const isScope = (text: string | null): text is CalibrationScope =>
  (CALIBRATION_SCOPES as readonly (string | null)[]).includes(text);

/** A left-to-right run (a date and time) kept whole inside a sentence of either direction. */
const isolated = (text: string) => `\u2066${text}\u2069`;

/** The filters live in the address, so a reload or a shared link shows the same grid. */
function readQuery(params: URLSearchParams): CalibrationQuery {
  const scope = params.get('scope');
  return {
    company_id: positive(params.get('company_id')),
    group_id: positive(params.get('group_id')),
    from_date: day(params.get('from_date')),
    to_date: day(params.get('to_date')),
    scope: isScope(scope) && scope !== 'all' ? scope : undefined,
  };
}

function toParams(query: CalibrationQuery): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '' && !(key === 'scope' && value === 'all'))
      params.set(key, String(value));
  }
  return params;
}

/**
 * /epr/calibration: the completed and in-progress reviews of the caller's
 * scope (HR administrators: all; an O&O: their own) on the 3 × 3 grid of
 * KPI rating × value rating, with counts and names, read again on focus and
 * every 30 seconds.
 */
export function Component() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const query = readQuery(params);
  const grid = useCalibrationGrid(query);
  const error = grid.error instanceof ApiError ? grid.error : null;
  const data = grid.data;

  const header = (
    <PageHeader
      title={t('eprCalibration.title')}
      subtitle={t('eprCalibration.subtitle')}
      extra={
        data ? (
          <div className="plain-row">
            <span className="plain-secondary">
              {t('eprCalibration.updated', { time: isolated(formatDateTime(grid.dataUpdatedAt)) })}
            </span>
            <Button
              icon={<PlainIcon icon={ReloadOutlined} />}
              loading={grid.isFetching}
              onClick={() => void grid.refetch()}
            >
              {t('eprCalibration.refresh')}
            </Button>
          </div>
        ) : null
      }
    />
  );

  if (error?.status === 403)
    return (
      <>
        {header}
        <Result status="403" title="403" subTitle={t('eprCalibration.forbidden')} />
      </>
    );

  const totals = data?.totals;
  const stats: [string, number | undefined][] = [
    [t('eprCalibration.totals.reviews'), totals?.reviews],
    [t('eprCalibration.totals.completed'), totals?.completed],
    [t('eprCalibration.totals.inProgress'), totals?.in_progress],
    [t('eprCalibration.totals.placed'), totals?.placed],
    [t('eprCalibration.totals.provisional'), totals?.provisional],
    [t('eprCalibration.totals.notRated'), totals?.not_rated],
  ];

  return (
    <>
      {header}
      <CalibrationFilters value={query} onChange={(next) => setParams(toParams(next), { replace: true })} />
      {error ? (
        <PlainAlert
          type="error"
          role="alert"
          className="calibration-error"
          title={codeText(error.body) ?? error.message}
        />
      ) : null}
      <div className="plain-card calibration-small">
        <div className="plain-card__body">
          <ul className="calibration-totals">
            {stats.map(([title, value]) => (
              <li key={title}>
                <PlainStatistic title={title} value={value === undefined ? '—' : formatNumber(value)} />
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="plain-card">
        <div className="plain-card__body">
          <div className="calibration-loading-box" aria-busy={grid.isLoading || undefined}>
            {data ? <CalibrationGrid grid={data} /> : <div style={{ minHeight: 240 }} />}
            {grid.isLoading ? (
              <div className="calibration-loading">
                <span className="plain-spinner" role="status" aria-label={t('common.loading')} />
              </div>
            ) : null}
          </div>
          <div className="calibration-notes">
            <span className="plain-secondary">{t('eprCalibration.notes.provisional')}</span>
            <span className="plain-secondary">{t('eprCalibration.notes.notRated')}</span>
          </div>
        </div>
      </div>
    </>
  );
}

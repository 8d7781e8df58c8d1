import type { CalibrationCell, CalibrationGrid as Grid } from '@hr/contracts/epr-calibration';
import { RATING_LEVEL } from '@hr/contracts/epr-scoring';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StatusTag } from '../../../components/list/StatusTag';

type Rating = keyof typeof RATING_LEVEL;
const RATINGS_DOWN: Rating[] = [3, 2, 1];
const RATINGS_UP: Rating[] = [1, 2, 3];

/** A rating with its level, e.g. "3 · Superior". */
function useRatingText() {
  const { t } = useTranslation();
  return (rating: Rating) =>
    t('eprCalibration.rating', { rating, level: t(`eprCalibration.headings.${RATING_LEVEL[rating]}`) });
}

/** One cell: its code "K.V", its title, the counts, and the reviews by name (each opens the review). */
function Cell({ cell, namesPerCell }: { cell: CalibrationCell; namesPerCell: number }) {
  const { t } = useTranslation();
  const title = t('eprCalibration.cellTitle', {
    results: t(`eprCalibration.levels.${cell.results}`),
    behaviours: t(`eprCalibration.levels.${cell.behaviours}`),
  });
  const more = cell.count - cell.people.length;
  return (
    <section
      className={`calibration-cell calibration-cell--${cell.band}`}
      aria-label={`${cell.overall} ${title}`}
    >
      <div className="calibration-cell__head">
        <strong className="calibration-cell__code">
          <bdi>{cell.overall}</bdi>
        </strong>
        <strong>{t('eprCalibration.cell.count', { count: cell.count })}</strong>
      </div>
      <div className="calibration-cell__title">{title}</div>
      {cell.provisional > 0 ? (
        <span className="plain-secondary calibration-cell__note">
          {t('eprCalibration.cell.provisionalCount', { count: cell.provisional })}
        </span>
      ) : null}
      {cell.count === 0 ? (
        <span className="plain-secondary calibration-cell__note">{t('eprCalibration.cell.empty')}</span>
      ) : (
        <ul className="calibration-cell__people">
          {cell.people.map((p) => (
            <li key={p.epr_id}>
              <div className="calibration-cell__line">
                <Link to={`/epr/${p.epr_id}`}>{p.employee.name}</Link>
                <span className="plain-secondary calibration-cell__eid">
                  <bdi>{p.employee.eid}</bdi>
                </span>
                {p.provisional ? (
                  <span className="plain-tag plain-tag--default calibration-cell__provisional">
                    {t('eprCalibration.cell.provisional')}
                  </span>
                ) : null}
              </div>
              <div className="calibration-cell__line calibration-cell__meta">
                <StatusTag kind="epr" status={p.status} />
                {p.line_manager ? (
                  <span className="plain-secondary">
                    {t('eprCalibration.cell.lineManager', { name: p.line_manager })}
                  </span>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
      {more > 0 ? (
        <span className="plain-secondary calibration-cell__note">
          {t('eprCalibration.cell.more', { count: more, shown: namesPerCell })}
        </span>
      ) : null}
    </section>
  );
}

/**
 * The 3 × 3 grid as a table: KPI rating 3 (top) to 1 down the rows, value
 * rating 1 to 3 across the columns, an axis label on each side. In a
 * right-to-left language the columns run from the right, as the table does.
 */
export function CalibrationGrid({ grid }: { grid: Grid }) {
  const { t } = useTranslation();
  const ratingText = useRatingText();
  const cellOf = (kpi: Rating, stable: Rating) =>
    grid.cells.find((c) => c.kpi_rating === kpi && c.stable_rating === stable);
  return (
    <div className="calibration-scroll">
      <table className="calibration-table" aria-label={t('eprCalibration.gridLabel')}>
        <colgroup>
          <col className="calibration-table__axis-col" />
          <col className="calibration-table__head-col" />
          <col span={3} />
        </colgroup>
        <thead>
          <tr>
            <td colSpan={2} />
            <th scope="colgroup" colSpan={3} className="calibration-table__x-axis">
              {t('eprCalibration.axis.value')}
            </th>
          </tr>
          <tr>
            <td colSpan={2} />
            {RATINGS_UP.map((v) => (
              <th key={v} scope="col" className="calibration-table__col-head">
                {ratingText(v)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {RATINGS_DOWN.map((k, i) => (
            <tr key={k}>
              {i === 0 ? (
                <th scope="rowgroup" rowSpan={3} className="calibration-table__y-axis">
                  <span>{t('eprCalibration.axis.kpi')}</span>
                </th>
              ) : null}
              <th scope="row" className="calibration-table__row-head">
                {ratingText(k)}
              </th>
              {RATINGS_UP.map((v) => {
                const cell = cellOf(k, v);
                return (
                  <td key={v} className="calibration-table__cell">
                    {cell ? <Cell cell={cell} namesPerCell={grid.names_per_cell} /> : null}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

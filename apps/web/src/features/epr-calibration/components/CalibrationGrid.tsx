import type { CalibrationCell, CalibrationGrid as Grid } from '@hr/contracts/epr-calibration';
import { RATING_LEVEL } from '@hr/contracts/epr-scoring';
import { Flex, Tag, Typography, theme } from 'antd';
import type { CSSProperties } from 'react';
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

/** The cell's tint by the overall band; the code and title say the same in words. */
function useBandStyle(): (band: CalibrationCell['band']) => CSSProperties {
  const { token } = theme.useToken();
  return (band) => {
    const [background, border] =
      band === 'exceeded'
        ? [token.colorSuccessBg, token.colorSuccessBorder]
        : band === 'fully_met'
          ? [token.colorInfoBg, token.colorInfoBorder]
          : [token.colorWarningBg, token.colorWarningBorder];
    return { background, borderColor: border };
  };
}

/** One cell: its code "K.V", its title, the counts, and the reviews by name (each opens the review). */
function Cell({ cell, namesPerCell }: { cell: CalibrationCell; namesPerCell: number }) {
  const { t } = useTranslation();
  const bandStyle = useBandStyle();
  const title = t('eprCalibration.cellTitle', {
    results: t(`eprCalibration.levels.${cell.results}`),
    behaviours: t(`eprCalibration.levels.${cell.behaviours}`),
  });
  const more = cell.count - cell.people.length;
  return (
    <section
      className="calibration-cell"
      style={bandStyle(cell.band)}
      aria-label={`${cell.overall} ${title}`}
    >
      <Flex justify="space-between" align="baseline" gap={8} wrap>
        <strong className="calibration-cell__code">
          <bdi>{cell.overall}</bdi>
        </strong>
        <Typography.Text strong>{t('eprCalibration.cell.count', { count: cell.count })}</Typography.Text>
      </Flex>
      <div className="calibration-cell__title">{title}</div>
      {cell.provisional > 0 ? (
        <Typography.Text type="secondary" className="calibration-cell__note">
          {t('eprCalibration.cell.provisionalCount', { count: cell.provisional })}
        </Typography.Text>
      ) : null}
      {cell.count === 0 ? (
        <Typography.Text type="secondary" className="calibration-cell__note">
          {t('eprCalibration.cell.empty')}
        </Typography.Text>
      ) : (
        <ul className="calibration-cell__people">
          {cell.people.map((p) => (
            <li key={p.epr_id}>
              <Flex gap={6} align="center" wrap>
                <Link to={`/epr/${p.epr_id}`}>{p.employee.name}</Link>
                <Typography.Text type="secondary" className="calibration-cell__eid">
                  <bdi>{p.employee.eid}</bdi>
                </Typography.Text>
                {p.provisional ? (
                  <Tag variant="outlined" className="calibration-cell__provisional">
                    {t('eprCalibration.cell.provisional')}
                  </Tag>
                ) : null}
              </Flex>
              <Flex gap={6} align="center" wrap className="calibration-cell__meta">
                <StatusTag kind="epr" status={p.status} />
                {p.line_manager ? (
                  <Typography.Text type="secondary">
                    {t('eprCalibration.cell.lineManager', { name: p.line_manager })}
                  </Typography.Text>
                ) : null}
              </Flex>
            </li>
          ))}
        </ul>
      )}
      {more > 0 ? (
        <Typography.Text type="secondary" className="calibration-cell__note">
          {t('eprCalibration.cell.more', { count: more, shown: namesPerCell })}
        </Typography.Text>
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

/**
 * The calibration grid's fixed choices, without zod: the page reads them to
 * draw its filters and loads none of the schemas (epr-calibration.ts
 * re-exports them with its schemas).
 */

/** Which reviews a grid counts: all of them (default), the completed ones, or those in progress. */
export const CALIBRATION_SCOPES = ['all', 'completed', 'in_progress'] as const;
export type CalibrationScope = (typeof CALIBRATION_SCOPES)[number];

import { calibrationAccess, calibrationGrid, calibrationQuery } from '@hr/contracts/epr-calibration';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { caller } from '../../lib/auth';
import type { FeatureDeps } from '../deps';
import { EprCalibrationService } from './epr-calibration.service';

const tags = ['Performance reviews (EPR)'];
const security = [{ bearer: [] }];

/**
 * The calibration grid of the reviews (`/eprs/calibration`). Its paths are
 * static, so Fastify's router takes them before the reviews' `/eprs/:id`.
 */
export async function eprCalibrationRoutes(app: FastifyInstance, { db, secret }: FeatureDeps) {
  const service = new EprCalibrationService(db, secret);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/eprs/calibration',
    {
      schema: {
        operationId: 'eprCalibration',
        summary:
          'The 3 × 3 grid (KPI rating × value rating) of the reviews an HR administrator (all) or an O&O (their own) sees, with counts and names',
        tags,
        security,
        querystring: calibrationQuery,
        response: { 200: calibrationGrid },
      },
    },
    async (request) => service.grid(caller(request), request.query),
  );
  r.get(
    '/eprs/calibration/access',
    {
      schema: {
        operationId: 'eprCalibrationAccess',
        summary:
          'Whether the caller may see the calibration grid: every review (admin), their own as O&O, or none',
        tags,
        security,
        response: { 200: calibrationAccess },
      },
    },
    async (request) => service.access(caller(request)),
  );
}

import { auditChainStatus, auditExportQuery } from '@hr/contracts/audit';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { caller } from '../../lib/auth';
import { attachment } from '../../lib/uploads';
import type { FeatureDeps } from '../deps';
import { AuditService } from './audit.service';

const tags = ['Audit'];
const security = [{ bearer: [] }];

/** HR's audit export and the hash chain's state (docs/decisions.md, "Tamper-evident audit"). */
export async function auditRoutes(app: FastifyInstance, { db }: FeatureDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = new AuditService(db);

  r.get(
    '/audit/export',
    {
      schema: {
        operationId: 'auditExport',
        summary:
          'The audit rows written from `from` to `to` (office days, at most 366) as CSV, sealed first, with each row’s chain hash (HR administrators; the export is audited)',
        tags,
        security,
        querystring: auditExportQuery,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const file = await service.export(caller(request), request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', attachment(file.fileName))
        .header('cache-control', 'private, no-store')
        .send(file.stream);
    },
  );

  r.get(
    '/audit/chain',
    {
      schema: {
        operationId: 'auditChain',
        summary:
          'The audit hash chain: sealed and unsealed rows and the last verification (HR administrators)',
        tags,
        security,
        response: { 200: auditChainStatus },
      },
    },
    async (request) => service.chain(caller(request)),
  );

  r.post(
    '/audit/chain/verify',
    {
      schema: {
        operationId: 'auditChainVerify',
        summary:
          'Seals, then verifies the whole audit hash chain and keeps the result; answers the chain state (HR administrators)',
        tags,
        security,
        response: { 200: auditChainStatus },
      },
    },
    async (request) => service.verify(caller(request)),
  );
}

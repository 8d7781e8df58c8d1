import { dashboard } from '@hr/contracts/dashboard';
import { and, count, eq, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { leaves, remoteWorks, serviceRequests } from '../../db/schema';
import { caller } from '../../lib/auth';
import type { FeatureDeps } from '../deps';

async function countWhere(db: Db, table: PgTable, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(table).where(where);
  return row?.n ?? 0;
}

/**
 * The dashboard: what waits for the caller's decision in each module
 * (submitted requests of their reports; for HR admins also approved HR
 * requests waiting to be done), and the caller's own pending requests.
 */
export async function dashboardRoutes(app: FastifyInstance, { db }: FeatureDeps) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/dashboard',
    {
      schema: {
        operationId: 'dashboard',
        summary: 'Requests waiting for the caller and the caller’s own pending requests',
        tags: ['Dashboard'],
        security: [{ bearer: [] }],
        response: { 200: dashboard },
      },
    },
    async (request) => {
      const auth = caller(request);
      const me = auth.employeeId;
      const submittedTo = (lm: PgColumn, status: PgColumn) => and(eq(lm, me), eq(status, 2));
      const [leave, remote, hr, hrDone, myLeave, myRemote, myHr] = await Promise.all([
        countWhere(db, leaves, submittedTo(leaves.lineManagerId, leaves.statusId)),
        countWhere(db, remoteWorks, submittedTo(remoteWorks.lineManagerId, remoteWorks.statusId)),
        countWhere(
          db,
          serviceRequests,
          auth.isAdmin
            ? eq(serviceRequests.statusId, 2)
            : submittedTo(serviceRequests.lineManagerId, serviceRequests.statusId),
        ),
        auth.isAdmin ? countWhere(db, serviceRequests, eq(serviceRequests.statusId, 3)) : Promise.resolve(0),
        countWhere(db, leaves, and(eq(leaves.employeeId, me), eq(leaves.statusId, 2))),
        countWhere(db, remoteWorks, and(eq(remoteWorks.employeeId, me), eq(remoteWorks.statusId, 2))),
        countWhere(
          db,
          serviceRequests,
          and(eq(serviceRequests.employeeId, me), inArray(serviceRequests.statusId, [2, 3])),
        ),
      ]);
      const waiting = [
        { module: 'leave' as const, count: leave, link: '/leave?list_type=team&status_id=2' },
        { module: 'remote_work' as const, count: remote, link: '/remote-work?list_type=team&status_id=2' },
        {
          module: 'hr_service' as const,
          count: hr + hrDone,
          link: `/hr-services?list_type=team&status_id=${hrDone && !hr ? 3 : 2}`,
        },
      ];
      return { waiting, mine_pending: { leave: myLeave, remote_work: myRemote, hr_service: myHr } };
    },
  );
}

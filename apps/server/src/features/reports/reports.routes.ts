import { personRef } from '@hr/contracts/people';
import { and, asc, eq, ilike, inArray, ne, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { employees } from '../../db/schema';
import { personColumns, personRef as toPersonRef } from '../../lib/approvers';
import { caller } from '../../lib/auth';
import type { FeatureDeps } from '../deps';

/**
 * The people whose requests appear in the caller's team view: direct reports
 * (the caller is their line manager) and their reports (the caller is their
 * O&O). It feeds the employee pickers of the team lists; the caller is never
 * in it (SPEC.md §6).
 */
export async function reportsRoutes(app: FastifyInstance, { db, secret }: FeatureDeps) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/employees/reports',
    {
      schema: {
        operationId: 'myReports',
        summary: 'The caller’s direct reports and their reports (for team-view employee filters)',
        tags: ['Employees'],
        security: [{ bearer: [] }],
        querystring: z.object({
          search: z.string().trim().max(100).optional(),
          limit: z.coerce.number().int().min(1).max(100).default(50),
        }),
        response: { 200: z.array(personRef) },
      },
    },
    async (request) => {
      const me = caller(request).employeeId;
      const lm = alias(employees, 'lm');
      const term = request.query.search ? `%${request.query.search.replace(/[%_\\]/g, '\\$&')}%` : null;
      const direct = db.select({ id: employees.id }).from(employees).where(eq(employees.parentId, me));
      const rows = await db
        .select(personColumns(employees))
        .from(employees)
        .leftJoin(lm, eq(lm.id, employees.parentId))
        .where(
          and(
            ne(employees.id, me),
            or(eq(employees.parentId, me), inArray(employees.parentId, direct)),
            term ? or(ilike(employees.name, term), ilike(employees.eid, term)) : undefined,
          ),
        )
        .orderBy(asc(employees.name))
        .limit(request.query.limit);
      return rows.map((r) => toPersonRef(secret, r)!);
    },
  );
}

import {
  holiday,
  holidayBody,
  leave,
  leaveBalances,
  leaveBody,
  leaveDuration,
  leaveDurationBody,
  leaveIdBody,
  leaveList,
  leaveListQuery,
  leaveType,
  leaveTypeBody,
} from '@hr/contracts/leave';
import { personRef } from '@hr/contracts/people';
import type { RequestAction } from '@hr/contracts/workflow';
import dayjs from 'dayjs';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { holidays, leaveDurations, leaveTypes } from '../../db/schema';
import { audit } from '../../lib/audit';
import { caller, requireAdmin } from '../../lib/auth';
import { conflict, notFound } from '../../lib/errors';
import type { FeatureDeps } from '../deps';
import { leaveRepository as repo } from './leave.repository';
import { LeaveService } from './leave.service';

const tags = ['Leave'];
const security = [{ bearer: [] }];
const idParam = z.object({ id: z.coerce.number().int().positive() });
const message = z.object({ message: z.string() });

export async function leaveRoutes(app: FastifyInstance, { db, secret }: FeatureDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = new LeaveService(db, secret);

  r.get(
    '/leave',
    {
      schema: {
        operationId: 'listLeave',
        summary: 'Leave requests: own (list_type=self) or the team’s (list_type=team)',
        tags,
        security,
        querystring: leaveListQuery,
        response: { 200: leaveList },
      },
    },
    async (request) => service.list(caller(request), request.query, request),
  );

  r.get(
    '/leave/types',
    {
      schema: {
        operationId: 'leaveTypes',
        summary: 'Leave types (admins may ask for disabled ones too with all=true)',
        tags,
        security,
        querystring: z.object({ all: z.enum(['true', 'false']).optional() }),
        response: { 200: z.array(leaveType) },
      },
    },
    async (request) => {
      const all = request.query.all === 'true' && caller(request).isAdmin;
      const rows = await repo.types(db, all);
      return rows.map((t) => ({
        id: t.id,
        name: t.name,
        days: t.days,
        short_leave_applied: t.shortLeaveApplied,
        has_balance: t.hasBalance,
        enabled: t.enabled,
      }));
    },
  );

  r.get(
    '/leave/durations',
    {
      schema: {
        operationId: 'leaveDurations',
        summary: 'Short-leave durations (admins may ask for disabled ones too with all=true)',
        tags,
        security,
        querystring: z.object({ all: z.enum(['true', 'false']).optional() }),
        response: { 200: z.array(leaveDuration) },
      },
    },
    async (request) => repo.durations(db, request.query.all === 'true' && caller(request).isAdmin),
  );

  r.post(
    '/leave/durations',
    {
      schema: {
        operationId: 'createLeaveDuration',
        summary: 'Add a short-leave duration (admins)',
        tags,
        security,
        body: leaveDurationBody,
        response: { 201: leaveDuration },
      },
    },
    async (request, reply) => {
      const auth = requireAdmin(request);
      const b = request.body;
      const row = await db.transaction(async (tx) => {
        const [d] = await tx
          .insert(leaveDurations)
          .values({ name: b.name, minutes: b.minutes, enabled: b.enabled })
          .onConflictDoNothing()
          .returning();
        if (!d) throw conflict('A duration with this name exists already.');
        await audit(tx, auth, {
          action: 'create',
          entity: 'leave_duration',
          entityId: d.id,
          data: { name: d.name },
        });
        return d;
      });
      return reply.code(201).send({ id: row.id, name: row.name, minutes: row.minutes, enabled: row.enabled });
    },
  );

  r.patch(
    '/leave/durations/:id',
    {
      schema: {
        operationId: 'updateLeaveDuration',
        summary: 'Change a short-leave duration (admins)',
        tags,
        security,
        params: idParam,
        body: leaveDurationBody,
        response: { 200: leaveDuration },
      },
    },
    async (request) => {
      const auth = requireAdmin(request);
      const b = request.body;
      return db.transaction(async (tx) => {
        const [d] = await tx
          .update(leaveDurations)
          .set({ name: b.name, minutes: b.minutes, enabled: b.enabled })
          .where(eq(leaveDurations.id, request.params.id))
          .returning();
        if (!d) throw notFound('This duration does not exist.');
        await audit(tx, auth, {
          action: 'update',
          entity: 'leave_duration',
          entityId: d.id,
          data: { name: d.name },
        });
        return { id: d.id, name: d.name, minutes: d.minutes, enabled: d.enabled };
      });
    },
  );

  r.delete(
    '/leave/durations/:id',
    {
      schema: {
        operationId: 'deleteLeaveDuration',
        summary: 'Delete an unused short-leave duration (admins)',
        tags,
        security,
        params: idParam,
        response: { 200: message },
      },
    },
    async (request) => {
      const auth = requireAdmin(request);
      const duration = await repo.duration(db, request.params.id);
      if (!duration) throw notFound('This duration does not exist.');
      if (await repo.durationInUse(db, duration.id)) {
        throw conflict(`${duration.name} is used by leave requests; disable it instead of deleting it.`);
      }
      await db.transaction(async (tx) => {
        await tx.delete(leaveDurations).where(eq(leaveDurations.id, duration.id));
        await audit(tx, auth, {
          action: 'delete',
          entity: 'leave_duration',
          entityId: duration.id,
          data: { name: duration.name },
        });
      });
      return { message: `${duration.name} has been successfully deleted!` };
    },
  );

  r.get(
    '/leave/responsibles',
    {
      schema: {
        operationId: 'leaveResponsibles',
        summary: 'Who may stand in for the caller (line manager, colleagues, reports)',
        tags,
        security,
        response: { 200: z.array(personRef) },
      },
    },
    async (request) => service.responsibles(caller(request)),
  );

  r.get(
    '/leave/balances',
    {
      schema: {
        operationId: 'leaveBalances',
        summary: 'Leave balances per type for a year (own, or a report’s for managers and admins)',
        tags,
        security,
        querystring: z.object({
          employee_id: z.coerce.number().int().positive().optional(),
          year: z.coerce.number().int().min(2000).max(2100).optional(),
        }),
        response: { 200: leaveBalances },
      },
    },
    async (request) => {
      const auth = caller(request);
      return service.balances(
        auth,
        request.query.employee_id ?? auth.employeeId,
        request.query.year ?? dayjs().year(),
      );
    },
  );

  r.get(
    '/leave/:id',
    {
      schema: {
        operationId: 'getLeave',
        summary: 'One leave request',
        tags,
        security,
        params: idParam,
        response: { 200: leave },
      },
    },
    async (request) => service.get(caller(request), request.params.id),
  );

  r.post(
    '/leave',
    {
      schema: {
        operationId: 'createLeave',
        summary: 'Apply for leave (saved as a draft)',
        tags,
        security,
        body: leaveBody,
        response: { 201: leave },
      },
    },
    async (request, reply) => reply.code(201).send(await service.create(caller(request), request.body)),
  );

  r.patch(
    '/leave/:id',
    {
      schema: {
        operationId: 'updateLeave',
        summary: 'Change a draft leave request',
        tags,
        security,
        params: idParam,
        body: leaveBody,
        response: { 200: leave },
      },
    },
    async (request) => service.update(caller(request), request.params.id, request.body),
  );

  r.delete(
    '/leave',
    {
      schema: {
        operationId: 'deleteLeave',
        summary: 'Delete a draft leave request',
        tags,
        security,
        body: leaveIdBody,
        response: { 200: message },
      },
    },
    async (request) => service.remove(caller(request), request.body.leave_id),
  );

  for (const action of ['submit', 'approve', 'reject'] as const satisfies readonly RequestAction[]) {
    r.patch(
      `/leave/actions/${action}`,
      {
        schema: {
          operationId: `${action}Leave`,
          summary: `${action[0]!.toUpperCase()}${action.slice(1)} a leave request`,
          tags,
          security,
          body: leaveIdBody,
          response: { 200: leave },
        },
      },
      async (request) => service.act(caller(request), action, request.body.leave_id),
    );
  }

  // Leave types and holidays: administrators manage them.
  const typeAnswer = (t: typeof leaveTypes.$inferSelect) => ({
    id: t.id,
    name: t.name,
    days: t.days,
    short_leave_applied: t.shortLeaveApplied,
    has_balance: t.hasBalance,
    enabled: t.enabled,
  });

  r.post(
    '/leave/types',
    {
      schema: {
        operationId: 'createLeaveType',
        summary: 'Add a leave type (admins)',
        tags,
        security,
        body: leaveTypeBody,
        response: { 201: leaveType },
      },
    },
    async (request, reply) => {
      const auth = requireAdmin(request);
      const b = request.body;
      const row = await db.transaction(async (tx) => {
        const [t] = await tx
          .insert(leaveTypes)
          .values({
            name: b.name,
            days: b.days,
            shortLeaveApplied: b.short_leave_applied,
            hasBalance: b.has_balance,
            enabled: b.enabled,
          })
          .onConflictDoNothing()
          .returning();
        if (!t) throw conflict('A leave type with this name exists already.');
        await audit(tx, auth, {
          action: 'create',
          entity: 'leave_type',
          entityId: t.id,
          data: { name: t.name },
        });
        return t;
      });
      return reply.code(201).send(typeAnswer(row));
    },
  );

  r.patch(
    '/leave/types/:id',
    {
      schema: {
        operationId: 'updateLeaveType',
        summary: 'Change a leave type (admins)',
        tags,
        security,
        params: idParam,
        body: leaveTypeBody,
        response: { 200: leaveType },
      },
    },
    async (request) => {
      const auth = requireAdmin(request);
      const b = request.body;
      return db.transaction(async (tx) => {
        const [t] = await tx
          .update(leaveTypes)
          .set({
            name: b.name,
            days: b.days,
            shortLeaveApplied: b.short_leave_applied,
            hasBalance: b.has_balance,
            enabled: b.enabled,
          })
          .where(eq(leaveTypes.id, request.params.id))
          .returning();
        if (!t) throw notFound('This leave type does not exist.');
        await audit(tx, auth, {
          action: 'update',
          entity: 'leave_type',
          entityId: t.id,
          data: { name: t.name },
        });
        return typeAnswer(t);
      });
    },
  );

  r.delete(
    '/leave/types/:id',
    {
      schema: {
        operationId: 'deleteLeaveType',
        summary: 'Delete an unused leave type (admins)',
        tags,
        security,
        params: idParam,
        response: { 200: message },
      },
    },
    async (request) => {
      const auth = requireAdmin(request);
      const type = await repo.type(db, request.params.id);
      if (!type) throw notFound('This leave type does not exist.');
      if (await repo.typeInUse(db, type.id)) {
        throw conflict(`${type.name} is used by leave requests; disable it instead of deleting it.`);
      }
      await db.transaction(async (tx) => {
        await tx.delete(leaveTypes).where(eq(leaveTypes.id, type.id));
        await audit(tx, auth, {
          action: 'delete',
          entity: 'leave_type',
          entityId: type.id,
          data: { name: type.name },
        });
      });
      return { message: `${type.name} has been successfully deleted!` };
    },
  );

  const holidayAnswer = (h: typeof holidays.$inferSelect) => ({
    id: h.id,
    name: h.name,
    from: h.fromDate,
    to: h.toDate,
    company_id: h.companyId,
  });

  r.get(
    '/holidays',
    {
      schema: {
        operationId: 'holidays',
        summary: 'Holidays, of a year if given',
        tags,
        security,
        querystring: z.object({ year: z.coerce.number().int().min(2000).max(2100).optional() }),
        response: { 200: z.array(holiday) },
      },
    },
    async (request) => (await repo.holidays(db, request.query.year)).map(holidayAnswer),
  );

  r.post(
    '/holidays',
    {
      schema: {
        operationId: 'createHoliday',
        summary: 'Add a holiday (admins)',
        tags,
        security,
        body: holidayBody,
        response: { 201: holiday },
      },
    },
    async (request, reply) => {
      const auth = requireAdmin(request);
      const b = request.body;
      const row = await db.transaction(async (tx) => {
        const [h] = await tx
          .insert(holidays)
          .values({ name: b.name, fromDate: b.from, toDate: b.to, companyId: b.company_id ?? null })
          .returning();
        await audit(tx, auth, {
          action: 'create',
          entity: 'holiday',
          entityId: h!.id,
          data: { name: b.name },
        });
        return h!;
      });
      return reply.code(201).send(holidayAnswer(row));
    },
  );

  r.patch(
    '/holidays/:id',
    {
      schema: {
        operationId: 'updateHoliday',
        summary: 'Change a holiday (admins)',
        tags,
        security,
        params: idParam,
        body: holidayBody,
        response: { 200: holiday },
      },
    },
    async (request) => {
      const auth = requireAdmin(request);
      const b = request.body;
      return db.transaction(async (tx) => {
        const [h] = await tx
          .update(holidays)
          .set({ name: b.name, fromDate: b.from, toDate: b.to, companyId: b.company_id ?? null })
          .where(eq(holidays.id, request.params.id))
          .returning();
        if (!h) throw notFound('This holiday does not exist.');
        await audit(tx, auth, {
          action: 'update',
          entity: 'holiday',
          entityId: h.id,
          data: { name: h.name },
        });
        return holidayAnswer(h);
      });
    },
  );

  r.delete(
    '/holidays/:id',
    {
      schema: {
        operationId: 'deleteHoliday',
        summary: 'Delete a holiday (admins)',
        tags,
        security,
        params: idParam,
        response: { 200: message },
      },
    },
    async (request) => {
      const auth = requireAdmin(request);
      return db.transaction(async (tx) => {
        const [h] = await tx.delete(holidays).where(eq(holidays.id, request.params.id)).returning();
        if (!h) throw notFound('This holiday does not exist.');
        await audit(tx, auth, {
          action: 'delete',
          entity: 'holiday',
          entityId: h.id,
          data: { name: h.name },
        });
        return { message: `${h.name} has been successfully deleted!` };
      });
    },
  );
}

import { calendarQuery, teamCalendar } from '@hr/contracts/leave-policies';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { caller } from '../../lib/auth';
import type { FeatureDeps } from '../deps';
import { LeaveCalendarService } from './leave-calendar.service';

/** The team calendar: who is on leave, working remotely or on holiday, over a month or two. */
export async function leaveCalendarRoutes(app: FastifyInstance, { db, secret }: FeatureDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = new LeaveCalendarService(db, secret);

  r.get(
    '/leave/calendar',
    {
      schema: {
        operationId: 'leaveCalendar',
        summary:
          'The team calendar of a range of at most 62 days: the caller, their team and their peers, with leave, remote work and holidays',
        tags: ['Leave'],
        security: [{ bearer: [] }],
        querystring: calendarQuery,
        response: { 200: teamCalendar },
      },
    },
    async (request) => service.calendar(caller(request), request.query),
  );
}

import {
  calendarMonth,
  calendarQuery,
  individualQuery,
  individualReport,
  summaryQuery,
  summaryReport,
} from '@hr/contracts/attendance';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { caller } from '../../lib/auth';
import { attachment } from '../../lib/uploads';
import type { FeatureDeps } from '../deps';
import { AttendanceService, type ReportAnswer } from './attendance.service';

const tags = ['Attendance'];
const security = [{ bearer: [] }];

/** A report as JSON, or its CSV file as a download streamed as it is made. */
function answer<T>(reply: FastifyReply, report: ReportAnswer<T>) {
  if (report.kind === 'json') return reply.send(report.body as never);
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', attachment(report.fileName))
    .header('cache-control', 'private, no-store')
    .send(report.stream);
}

/** Attendance reports (SPEC.md §7 `report/attendance/*`) and the profile's month calendar. */
export async function attendanceRoutes(app: FastifyInstance, { db, secret }: FeatureDeps) {
  const service = new AttendanceService(db, secret);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/report/attendance/individual',
    {
      schema: {
        operationId: 'attendanceIndividual',
        summary:
          'One employee’s days (date, absent, present, late, late_in_minute, leave, remote_work, punch_in, punch_out) as JSON or CSV',
        tags,
        security,
        querystring: individualQuery,
        response: { 200: individualReport },
      },
    },
    async (request, reply) => answer(reply, await service.individual(caller(request), request.query)),
  );

  r.get(
    '/report/attendance/summary',
    {
      schema: {
        operationId: 'attendanceSummary',
        summary:
          'Per employee of the caller’s team (HR: everyone), working days, present, absent, late count and minutes, leave and remote-work days, as JSON or CSV',
        tags,
        security,
        querystring: summaryQuery,
        response: { 200: summaryReport },
      },
    },
    async (request, reply) => answer(reply, await service.summary(caller(request), request.query)),
  );

  r.get(
    '/report/attendance/calendar',
    {
      schema: {
        operationId: 'attendanceCalendar',
        summary: 'One employee’s month for the profile calendar, with the holidays',
        tags,
        security,
        querystring: calendarQuery,
        response: { 200: calendarMonth },
      },
    },
    async (request) => service.calendar(caller(request), request.query),
  );
}

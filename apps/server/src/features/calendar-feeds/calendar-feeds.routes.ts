import { calendarFeeds, calendarFeedsBody } from '@hr/contracts/leave-policies';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../lib/auth';
import { sha256 } from '../../lib/tokens';
import type { FeatureDeps } from '../deps';
import { CalendarFeedsService } from './calendar-feeds.service';

const tags = ['Calendar feeds'];
const security = [{ bearer: [] }];

/** How long a calendar program may keep an answer before asking again (it asks hourly by the feed's own hint). */
const FEED_MAX_AGE_SECONDS = 300;

/** The caller's calendar feeds, and the feeds themselves, read by calendar programs without a session. */
export async function calendarFeedsRoutes(app: FastifyInstance, { db, config }: FeatureDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = new CalendarFeedsService(db, config.publicUrl);

  r.get(
    '/calendar/feeds',
    {
      schema: {
        operationId: 'calendarFeeds',
        summary:
          'The caller’s calendar feeds (own, and team for managers): the first call makes them and answers their secret URLs; later calls answer when they were made',
        tags,
        security,
        response: { 200: calendarFeeds },
      },
    },
    async (request) => service.feeds(caller(request)),
  );

  r.post(
    '/calendar/feeds',
    {
      schema: {
        operationId: 'renewCalendarFeed',
        summary: 'A new secret URL for the caller’s own or team feed; the old URL stops working at once',
        tags,
        security,
        body: calendarFeedsBody,
        response: { 200: calendarFeeds },
      },
    },
    async (request) => service.regenerate(caller(request), request.body.scope),
  );

  r.get(
    '/calendar/feeds/:file',
    {
      // Calendar programs have no session: the secret in the address is the key.
      config: { public: true },
      schema: {
        operationId: 'calendarFeed',
        summary:
          'A calendar feed (iCalendar, `<secret>.ics`): submitted and approved leave and remote work; an unknown or replaced secret is a 404',
        tags,
        security: [],
        params: z.object({ file: z.string().max(64) }),
        produces: ['text/calendar'],
      },
    },
    async (request, reply) => {
      const { body } = await service.feed(request.params.file);
      const etag = `"${sha256(body).slice(0, 32)}"`;
      reply
        .header('cache-control', `private, max-age=${FEED_MAX_AGE_SECONDS}`)
        .header('etag', etag)
        .header('referrer-policy', 'no-referrer');
      // A calendar program that already holds this answer is told so, without it.
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', 'inline; filename="calendar.ics"')
        .send(body);
    },
  );
}

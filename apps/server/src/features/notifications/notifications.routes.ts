import {
  markReadBody,
  markReadResult,
  notificationPreferences,
  notificationPreferencesPatch,
  notificationsQuery,
  notificationsResponse,
  unreadCount,
} from '@hr/contracts/notifications';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../lib/auth';
import { serveEventStream } from '../../lib/event-stream';
import type { FeatureDeps } from '../deps';
import { NotificationsService } from './notifications.service';

const tags = ['Notifications'];
const security = [{ bearer: [] }];

/** The caller's notifications (DESIGN.md §11): the list, the unread count and its live stream, read marks, choices. */
export async function notificationRoutes(app: FastifyInstance, { db, secret, realtime }: FeatureDeps) {
  const service = new NotificationsService(db, secret, realtime);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/notifications',
    {
      schema: {
        operationId: 'notifications',
        summary:
          'The caller’s notifications, newest first (unread=true: the unread ones), each with its text in the caller’s language and its item’s link; with the unread count',
        tags,
        security,
        querystring: notificationsQuery,
        response: { 200: notificationsResponse },
      },
    },
    async (request) => service.list(caller(request), request.query, request.url),
  );

  r.get(
    '/notifications/unread-count',
    {
      schema: {
        operationId: 'notificationsUnreadCount',
        summary: 'How many of the caller’s notifications are unread',
        tags,
        security,
        response: { 200: unreadCount },
      },
    },
    async (request) => service.unread(caller(request)),
  );

  r.patch(
    '/notifications/read',
    {
      schema: {
        operationId: 'markNotificationsRead',
        summary:
          'Mark the caller’s notifications read: { ids } (up to 100) or { all: true }; others’ ids are left alone',
        tags,
        security,
        body: markReadBody,
        response: { 200: markReadResult },
      },
    },
    async (request) => service.markRead(caller(request), request.body),
  );

  r.get(
    '/notifications/preferences',
    {
      schema: {
        operationId: 'notificationPreferences',
        summary:
          'How the caller is told of each event (in_app, email, both, none) and whether e-mails wait for a daily digest',
        tags,
        security,
        response: { 200: notificationPreferences },
      },
    },
    async (request) => service.preferences(caller(request)),
  );

  r.patch(
    '/notifications/preferences',
    {
      schema: {
        operationId: 'updateNotificationPreferences',
        summary: 'Change the channel of some events (the others keep theirs) and/or the daily digest',
        tags,
        security,
        body: notificationPreferencesPatch,
        response: { 200: notificationPreferences },
      },
    },
    async (request) => service.updatePreferences(caller(request), request.body),
  );

  r.get(
    '/notifications/stream',
    {
      config: { public: true },
      schema: {
        operationId: 'notificationsStream',
        summary:
          'Server-sent events for the bell: `unread` with `{ unread }` at once and whenever the count changes (token from discovery/employee). The stream lasts while the session that asked for the token holds; it ends with `event: end` and `{ code, message }` when the session ends or the person opened too many streams',
        tags,
        querystring: z.object({ token: z.string().max(200).optional() }),
      },
    },
    async (request, reply) => {
      const who = await service.subscriber(request.query.token);
      await serveEventStream(request, reply, realtime.streams, who, (stream, sink) =>
        service.follow(stream, sink),
      );
    },
  );
}

import { comment, commentBody, discovery } from '@hr/contracts/kpi';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../lib/auth';
import { serveEventStream } from '../../lib/event-stream';
import type { FeatureDeps } from '../deps';
import { THREAD_KINDS, type ThreadKind } from './comments.repository';
import { CommentsService } from './comments.service';

const tags = ['Comments'];
const security = [{ bearer: [] }];
const idParam = z.object({ id: z.coerce.number().int().positive() });
const afterQuery = z.object({ after: z.coerce.number().int().min(0).optional() });

/** `kind:id,kind:id`: the threads a chat window follows (at most 200). */
const threadList = z
  .string()
  .max(4000)
  .transform((v, ctx) => {
    const threads: { kind: ThreadKind; id: number }[] = [];
    for (const part of v.split(',').filter(Boolean)) {
      const [kind, id] = part.split(':');
      const n = Number(id);
      if (
        !(THREAD_KINDS as readonly string[]).includes(kind ?? '') ||
        !Number.isInteger(n) ||
        n < 1 ||
        n > 2_147_483_647
      ) {
        ctx.addIssue({ code: 'custom', message: `"${part}" is not a thread (kind:id)` });
        return z.NEVER;
      }
      threads.push({ kind: kind as ThreadKind, id: n });
    }
    if (threads.length === 0 || threads.length > 200) {
      ctx.addIssue({ code: 'custom', message: 'name 1 to 200 threads' });
      return z.NEVER;
    }
    return threads;
  });

/** The three comment threads of a KPI sheet (SPEC.md §7) and the realtime channel (DESIGN.md §6). */
export async function commentRoutes(app: FastifyInstance, { db, secret, realtime }: FeatureDeps) {
  const service = new CommentsService(db, secret, realtime);
  const r = app.withTypeProvider<ZodTypeProvider>();

  const threads: [string, ThreadKind, string][] = [
    ['/kpis/:id/comments', 'kpi', 'KpiSheet'],
    ['/kpis/objectives/:id/comments', 'kpi_objective', 'KpiObjective'],
    ['/kpis/objectives/kpis/:id/comments', 'kpi_objective_kpi', 'KpiObjectiveKpi'],
  ];
  for (const [path, kind, name] of threads) {
    r.get(
      path,
      {
        schema: {
          operationId: `list${name}Comments`,
          summary: 'A thread’s comments, oldest first (after: only those newer than that id)',
          tags,
          security,
          params: idParam,
          querystring: afterQuery,
          response: { 200: z.array(comment) },
        },
      },
      async (request) => service.list(caller(request), kind, request.params.id, request.query.after),
    );
    r.post(
      path,
      {
        schema: {
          operationId: `create${name}Comment`,
          summary: 'Add a comment (the sheet must have left Draft)',
          tags,
          security,
          params: idParam,
          body: commentBody,
          response: { 201: comment },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(await service.post(caller(request), kind, request.params.id, request.body.comment)),
    );
  }

  r.get(
    '/discovery/employee',
    {
      schema: {
        operationId: 'discoveryEmployee',
        summary: 'The realtime channel of comments, with a short-lived token for the caller',
        tags,
        security,
        response: { 200: discovery },
      },
    },
    async (request) => service.discovery(caller(request)),
  );

  r.get(
    '/realtime/comments',
    {
      config: { public: true },
      schema: {
        operationId: 'realtimeComments',
        summary:
          'Server-sent events: each new comment of the named threads (token from discovery/employee; Last-Event-ID or after to catch up). The stream lasts while the session that asked for the token holds; it ends with `event: end` and `{ code, message }` when the session ends, a thread is no longer the reader’s, or the person opened too many',
        tags,
        querystring: z.object({
          token: z.string().max(200).optional(),
          threads: threadList,
          after: z.coerce.number().int().min(0).optional(),
        }),
      },
    },
    async (request, reply) => {
      const who = await service.subscriber(request.query.token);
      const lastEventId = Number(request.headers['last-event-id']);
      const after =
        Number.isInteger(lastEventId) && lastEventId > 0 ? lastEventId : (request.query.after ?? null);
      await serveEventStream(request, reply, realtime.streams, who, (stream, sink) =>
        service.subscribe(stream, request.query.threads, after, {
          send: (c) => sink.send({ id: c.id, event: 'comment', data: c }),
          end: sink.end,
        }),
      );
    },
  );
}

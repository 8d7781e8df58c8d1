import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from './auth';
import type { AuthContext } from './auth-context';

/** What a request module's service answers (lib/request-workflow does the life cycle behind it). */
export interface RequestService<Query, Body, Action extends string, Item, Detail, List> {
  list(auth: AuthContext, query: Query, url: string): Promise<List>;
  get(auth: AuthContext, id: number): Promise<Detail>;
  create(auth: AuthContext, body: Body): Promise<Detail>;
  update(auth: AuthContext, id: number, body: Body): Promise<Detail>;
  remove(auth: AuthContext, id: number): Promise<{ message: string }>;
  act(auth: AuthContext, action: Action, id: number): Promise<Item | Detail>;
}

export interface RequestRoutesOptions<QS extends z.ZodType, BS extends z.ZodType, Action extends string> {
  /** The base path (`/leave`). */
  path: string;
  tags: string[];
  /** Operation ids: `list{plural}`, `get{one}`, `create{one}`, `{action}{one}`… */
  names: { one: string; plural: string };
  summaries: { list: string; get: string; create: string; update: string; delete: string };
  schemas: {
    listQuery: QS;
    list: z.ZodType;
    body: BS;
    /** The answer of one request (get, create, update). */
    detail: z.ZodType;
    /** The answer of an action (default: `detail`). */
    acted?: z.ZodType;
  };
  /** DELETE and the actions name the request in the body (`{ leave_id }`, SPEC.md §7)… */
  idBody: { schema: z.ZodType; field: string };
  /** …or, for the actions, in the path (`/{id}/actions/{action}`). */
  actionsById?: boolean;
  /** The request in words with its article, for the actions' summaries ("a leave request"). */
  noun: string;
  actions: readonly Action[];
  actionSummaries?: Partial<Record<Action, string>>;
  service: RequestService<z.output<QS>, z.output<BS>, Action, unknown, unknown, unknown>;
}

const security = [{ bearer: [] }];
const idParam = z.object({ id: z.coerce.number().int().positive() });
const message = z.object({ message: z.string() });
const capital = (s: string) => `${s[0]!.toUpperCase()}${s.slice(1)}`;
/** `approve-line-manager` → `approveLineManager`. */
const camel = (s: string) => s.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/**
 * The calls every request module answers the same way (SPEC.md §7): the
 * list, one request, create, change, delete with the id in the body, and one
 * PATCH per workflow action. Routes parse, call the service and answer.
 */
export function requestRoutes<QS extends z.ZodType, BS extends z.ZodType, Action extends string>(
  app: FastifyInstance,
  o: RequestRoutesOptions<QS, BS, Action>,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { one, plural } = o.names;
  const { tags } = o;
  const idBody = o.idBody.schema;
  const idOf = (body: unknown) => (body as Record<string, number>)[o.idBody.field]!;

  r.get(
    o.path,
    {
      schema: {
        operationId: `list${plural}`,
        summary: o.summaries.list,
        tags,
        security,
        querystring: o.schemas.listQuery,
        response: { 200: o.schemas.list },
      },
    },
    async (request) => o.service.list(caller(request), request.query as z.output<QS>, request.url),
  );

  r.get(
    `${o.path}/:id`,
    {
      schema: {
        operationId: `get${one}`,
        summary: o.summaries.get,
        tags,
        security,
        params: idParam,
        response: { 200: o.schemas.detail },
      },
    },
    async (request) => o.service.get(caller(request), request.params.id),
  );

  r.post(
    o.path,
    {
      schema: {
        operationId: `create${one}`,
        summary: o.summaries.create,
        tags,
        security,
        body: o.schemas.body,
        response: { 201: o.schemas.detail },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await o.service.create(caller(request), request.body as z.output<BS>)),
  );

  r.patch(
    `${o.path}/:id`,
    {
      schema: {
        operationId: `update${one}`,
        summary: o.summaries.update,
        tags,
        security,
        params: idParam,
        body: o.schemas.body,
        response: { 200: o.schemas.detail },
      },
    },
    async (request) => o.service.update(caller(request), request.params.id, request.body as z.output<BS>),
  );

  r.delete(
    o.path,
    {
      schema: {
        operationId: `delete${one}`,
        summary: o.summaries.delete,
        tags,
        security,
        body: idBody,
        response: { 200: message },
      },
    },
    async (request) => o.service.remove(caller(request), idOf(request.body)),
  );

  for (const action of o.actions) {
    const schema = {
      operationId: `${camel(action)}${one}`,
      summary: o.actionSummaries?.[action] ?? `${capital(action.replace(/-/g, ' '))} ${o.noun}`,
      tags,
      security,
      response: { 200: o.schemas.acted ?? o.schemas.detail },
    };
    if (o.actionsById) {
      r.patch(
        `${o.path}/:id/actions/${action}`,
        { schema: { ...schema, params: idParam } },
        async (request) => o.service.act(caller(request), action, request.params.id),
      );
    } else {
      r.patch(`${o.path}/actions/${action}`, { schema: { ...schema, body: idBody } }, async (request) =>
        o.service.act(caller(request), action, idOf(request.body)),
      );
    }
  }
}

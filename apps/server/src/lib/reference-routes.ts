import { deletedResponse, idParam } from '@hr/contracts/admin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { caller } from './auth';
import type { AuthContext } from './auth-context';
import { requireAdminContext } from './reference-data';

/** What the routes need of a kind's runner (a `ReferenceData`, or a service in front of one). */
export interface ReferenceActions<Create, Patch> {
  /** One record (404 reference_not_found when there is none). */
  get(id: number): Promise<unknown>;
  create(auth: AuthContext, input: Create): Promise<unknown>;
  update(auth: AuthContext, id: number, patch: Patch): Promise<unknown>;
  delete(auth: AuthContext, id: number): Promise<{ message: string }>;
}

export interface ReferenceRoutes<
  Query extends z.ZodType,
  Create extends z.ZodType,
  Patch extends z.ZodType,
  DeleteBody extends z.ZodType,
> {
  /** The collection's path: `/companies`, `/leave/types`. */
  path: string;
  tags: string[];
  /** The operation ids: `list` as is, the others as create<One>, update<One>, delete<One>, delete<One>ByBody. */
  names: { list: string; one: string };
  /** What a record in an answer looks like. */
  item: z.ZodType;
  create: Create;
  update: Patch;
  actions: ReferenceActions<z.output<Create>, z.output<Patch>>;
  list: {
    query: Query;
    response: z.ZodType;
    /** Every signed-in employee (forms and filters need the list), or administrators only. */
    readers: 'everyone' | 'admins';
    /** The list answer for the parsed query, the caller and the URL asked (for the page links). */
    run(query: z.output<Query>, auth: AuthContext, url: string): Promise<unknown>;
  };
  /** DELETE of the collection with the id in the body (`{ company_id }`, SPEC.md §7). */
  deleteBody?: { schema: DeleteBody; id(body: z.output<DeleteBody>): number };
  summaries?: Partial<Record<'list' | 'get' | 'create' | 'update' | 'delete' | 'deleteByBody', string>>;
}

/** Refuses non-admins before the body is read, so a forged request learns nothing and changes nothing. */
export async function adminOnly(request: FastifyRequest) {
  requireAdminContext(caller(request));
}

/**
 * The six routes of a reference kind: list, one by id, create (201), update
 * and delete by id, and optionally delete with the id in the body. Each parses, calls
 * one method and answers; changes are for administrators only.
 */
export function referenceRoutes<
  Query extends z.ZodType,
  Create extends z.ZodType,
  Patch extends z.ZodType,
  DeleteBody extends z.ZodType = z.ZodNever,
>(app: FastifyInstance, o: ReferenceRoutes<Query, Create, Patch, DeleteBody>) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearer: [] }];
  const { path, tags, names, summaries = {} } = o;
  const kind = names.one.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();

  r.get(
    path,
    {
      ...(o.list.readers === 'admins' ? { preValidation: adminOnly } : {}),
      schema: {
        operationId: names.list,
        summary: summaries.list ?? `${names.one} list`,
        tags,
        security,
        querystring: o.list.query,
        response: { 200: o.list.response },
      },
    },
    async (request) => o.list.run(request.query as z.output<Query>, caller(request), request.url),
  );

  r.get(
    `${path}/:id`,
    {
      ...(o.list.readers === 'admins' ? { preValidation: adminOnly } : {}),
      schema: {
        operationId: `get${names.one}`,
        summary: summaries.get ?? `One ${kind}`,
        tags,
        security,
        params: idParam,
        response: { 200: o.item },
      },
    },
    async (request) => {
      caller(request);
      return o.actions.get(request.params.id);
    },
  );

  r.post(
    path,
    {
      preValidation: adminOnly,
      schema: {
        operationId: `create${names.one}`,
        summary: summaries.create ?? `HR administrators: add a ${kind}`,
        tags,
        security,
        body: o.create,
        response: { 201: o.item },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await o.actions.create(caller(request), request.body as z.output<Create>)),
  );

  r.patch(
    `${path}/:id`,
    {
      preValidation: adminOnly,
      schema: {
        operationId: `update${names.one}`,
        summary: summaries.update ?? `HR administrators: change a ${kind}`,
        tags,
        security,
        params: idParam,
        body: o.update,
        response: { 200: o.item },
      },
    },
    async (request) => o.actions.update(caller(request), request.params.id, request.body as z.output<Patch>),
  );

  r.delete(
    `${path}/:id`,
    {
      preValidation: adminOnly,
      schema: {
        operationId: `delete${names.one}`,
        summary: summaries.delete ?? `HR administrators: delete a ${kind} nothing uses`,
        tags,
        security,
        params: idParam,
        response: { 200: deletedResponse },
      },
    },
    async (request) => o.actions.delete(caller(request), request.params.id),
  );

  const byBody = o.deleteBody;
  if (byBody) {
    r.delete(
      path,
      {
        preValidation: adminOnly,
        schema: {
          operationId: `delete${names.one}ByBody`,
          summary: summaries.deleteByBody ?? `HR administrators: delete a ${kind} (its id in the body)`,
          tags,
          security,
          body: byBody.schema,
          response: { 200: deletedResponse },
        },
      },
      async (request) => o.actions.delete(caller(request), byBody.id(request.body as z.output<DeleteBody>)),
    );
  }
}

import {
  delegation,
  delegationBody,
  delegationIdBody,
  delegationParams,
  delegationPatch,
  delegationsQuery,
  delegationsResponse,
} from '@hr/contracts/delegations';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../lib/auth';
import type { FeatureDeps } from '../deps';
import { DelegationsService } from './delegations.service';

const tags = ['Approvals'];
const security = [{ bearer: [] }];
const message = z.object({ message: z.string() });

/** Delegation while away (DESIGN.md §11): the caller's own, or for HR administrators anyone's. */
export async function delegationsRoutes(app: FastifyInstance, { db, secret }: FeatureDeps) {
  const service = new DelegationsService(db, secret);
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/delegations',
    {
      schema: {
        operationId: 'delegations',
        summary:
          'The caller’s delegations (given: handed over; received: naming them delegate, not ended); HR administrators may ask for employee_id’s',
        tags,
        security,
        querystring: delegationsQuery,
        response: { 200: delegationsResponse },
      },
    },
    async (request) => service.list(caller(request), request.query.employee_id),
  );
  r.post(
    '/delegations',
    {
      schema: {
        operationId: 'createDelegation',
        summary:
          'Name a delegate for a range of days, for every module or the chosen ones (HR administrators: for employee_id)',
        tags,
        security,
        body: delegationBody,
        response: { 201: delegation },
      },
    },
    async (request, reply) => reply.code(201).send(await service.create(caller(request), request.body)),
  );
  r.patch(
    '/delegations/:id',
    {
      schema: {
        operationId: 'updateDelegation',
        summary: 'Change a delegation that has not ended (its delegator or an HR administrator)',
        tags,
        security,
        params: delegationParams,
        body: delegationPatch,
        response: { 200: delegation },
      },
    },
    async (request) => service.update(caller(request), request.params.id, request.body),
  );
  r.delete(
    '/delegations',
    {
      schema: {
        operationId: 'deleteDelegation',
        summary:
          'End and remove a delegation that has not ended ({ delegation_id } in the body; its delegator or an HR administrator)',
        tags,
        security,
        body: delegationIdBody,
        response: { 200: message },
      },
    },
    async (request) => service.remove(caller(request), request.body.delegation_id),
  );
}

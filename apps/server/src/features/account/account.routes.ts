import {
  accountSessions,
  endedSessions,
  endSessionsBody,
  recoveryCodesResponse,
  totpCodeBody,
  totpEnrolment,
  totpRemoveBody,
  totpStatus,
} from '@hr/contracts/account';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../lib/auth';
import type { FeatureDeps } from '../deps';
import { AccountService } from './account.service';

const tags = ['Account security'];
const security = [{ bearer: [] }];
const noContent = z.null();
const employeeParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** The caller's authenticator app, recovery codes and sessions; HR's ending of an employee's sessions. */
export async function accountRoutes(app: FastifyInstance, { db, config, secret }: FeatureDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = new AccountService(db, config, secret);

  r.get(
    '/account/totp',
    {
      schema: {
        operationId: 'totpStatus',
        summary: 'Whether the caller set up an authenticator app, and how many recovery codes are left',
        tags,
        security,
        response: { 200: totpStatus },
      },
    },
    async (request) => service.status(caller(request)),
  );

  r.post(
    '/account/totp',
    {
      schema: {
        operationId: 'enrolTotp',
        summary:
          'A new authenticator app secret and its otpauth URI, asked for once confirmed by a first code',
        tags,
        security,
        response: { 200: totpEnrolment },
      },
    },
    async (request) => service.enrol(caller(request)),
  );

  r.post(
    '/account/totp/confirm',
    {
      schema: {
        operationId: 'confirmTotp',
        summary: 'Confirms the new secret with a first code; answers ten recovery codes, shown once',
        tags,
        security,
        body: totpCodeBody,
        response: { 200: recoveryCodesResponse },
      },
    },
    async (request) => service.confirm(caller(request), request.body.code, { ip: request.ip }),
  );

  r.post(
    '/account/totp/recovery_codes',
    {
      schema: {
        operationId: 'regenerateRecoveryCodes',
        summary: 'Ten new recovery codes for a current code (the old ones stop working)',
        tags,
        security,
        body: totpCodeBody,
        response: { 200: recoveryCodesResponse },
      },
    },
    async (request) => service.regenerate(caller(request), request.body.code, { ip: request.ip }),
  );

  r.delete(
    '/account/totp',
    {
      schema: {
        operationId: 'removeTotp',
        summary: 'Removes the authenticator app and its recovery codes, with a current code or the password',
        tags,
        security,
        body: totpRemoveBody,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await service.remove(caller(request), request.body, { ip: request.ip });
      return reply.code(204).send(null);
    },
  );

  r.get(
    '/account/sessions',
    {
      schema: {
        operationId: 'accountSessions',
        summary: 'Where the caller is signed in: device, address, last use, how, and which is this one',
        tags,
        security,
        response: { 200: accountSessions },
      },
    },
    async (request) => service.sessions(caller(request)),
  );

  r.delete(
    '/account/sessions',
    {
      schema: {
        operationId: 'endAccountSessions',
        summary: 'Ends one of the caller’s sessions ({session_id}) or all but this one ({all: true})',
        tags,
        security,
        body: endSessionsBody,
        response: { 200: endedSessions },
      },
    },
    async (request) => service.endSessions(caller(request), request.body),
  );

  r.delete(
    '/employees/:id/sessions',
    {
      schema: {
        operationId: 'endEmployeeSessions',
        summary: 'HR administrators: ends every session of an employee at once (audited)',
        tags,
        security,
        params: employeeParams,
        response: { 200: endedSessions },
      },
    },
    async (request) => service.endEmployeeSessions(caller(request), request.params.id),
  );
}

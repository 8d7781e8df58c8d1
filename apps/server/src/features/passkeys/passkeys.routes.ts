import { sessionUser } from '@hr/contracts/auth';
import {
  passkey,
  passkeyIdParams,
  passkeyList,
  passkeyOptions,
  passkeyRegistration,
  passkeyRename,
  passkeySignIn,
} from '@hr/contracts/passkeys';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../lib/auth';
import { requestMeta } from '../../lib/request-meta';
import type { FeatureDeps } from '../deps';
import { PasskeysService } from './passkeys.service';

const tags = ['Passkeys'];
const security = [{ bearer: [] }];

/** The caller's passkeys (account/passkeys) and signing in with one (login_check/passkey). */
export async function passkeysRoutes(app: FastifyInstance, { db, config, secret, authService }: FeatureDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = new PasskeysService(db, config, secret, authService);

  r.get(
    '/account/passkeys',
    {
      schema: {
        operationId: 'passkeys',
        summary: 'The caller’s passkeys, the oldest first, with what the caller may do with each',
        tags,
        security,
        response: { 200: passkeyList },
      },
    },
    async (request) => service.list(caller(request)),
  );

  r.post(
    '/account/passkeys/options',
    {
      schema: {
        operationId: 'passkeyRegistrationOptions',
        summary:
          'Options to register a passkey (for the browser’s WebAuthn call) and the ticket to send back with its answer, valid 5 minutes, once',
        tags,
        security,
        response: { 200: passkeyOptions },
      },
    },
    async (request) => service.registrationOptions(caller(request)),
  );

  r.post(
    '/account/passkeys',
    {
      schema: {
        operationId: 'addPasskey',
        summary:
          'Keeps a new passkey: the ticket of its options, a name and the authenticator’s answer (audited)',
        tags,
        security,
        body: passkeyRegistration,
        response: { 201: passkey },
      },
    },
    async (request, reply) => reply.code(201).send(await service.register(caller(request), request.body)),
  );

  r.patch(
    '/account/passkeys/:id',
    {
      schema: {
        operationId: 'renamePasskey',
        summary: 'Renames one of the caller’s passkeys (audited)',
        tags,
        security,
        params: passkeyIdParams,
        body: passkeyRename,
        response: { 200: passkey },
      },
    },
    async (request) => service.rename(caller(request), request.params.id, request.body.name),
  );

  r.delete(
    '/account/passkeys/:id',
    {
      schema: {
        operationId: 'removePasskey',
        summary: 'Removes one of the caller’s passkeys (audited); another person’s is a 404',
        tags,
        security,
        params: passkeyIdParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await service.remove(caller(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  r.post(
    '/login_check/passkey/options',
    {
      config: { public: true },
      schema: {
        operationId: 'passkeySignInOptions',
        summary:
          'Options to sign in with a passkey (any of the portal’s: no E-ID asked) and the ticket to send back with its answer, valid 5 minutes, once',
        tags,
        response: { 200: passkeyOptions },
      },
    },
    async (request) => service.signInOptions(requestMeta(request)),
  );

  r.post(
    '/login_check/passkey',
    {
      config: { public: true },
      schema: {
        operationId: 'passkeySignIn',
        summary:
          'Sign in with a passkey’s answer to the sign-in options: the same session answer as login_check',
        tags,
        body: passkeySignIn,
        response: { 200: sessionUser },
      },
    },
    async (request) => service.signIn(request.body, requestMeta(request)),
  );
}

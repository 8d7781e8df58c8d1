import { oidcTicket, sessionUser } from '@hr/contracts/auth';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requestMeta } from '../../lib/request-meta';
import type { FeatureDeps } from '../deps';
import { SsoService } from './sso.service';

const tags = ['Auth'];

/** The query string of a request's address, as the provider sent it. */
const queryOf = (request: FastifyRequest) => new URLSearchParams(request.url.split('?')[1] ?? '');

export async function ssoRoutes(app: FastifyInstance, deps: FeatureDeps) {
  const service = new SsoService(deps.db, deps.config);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/auth/oidc/start',
    {
      config: { public: true },
      schema: {
        operationId: 'oidcStart',
        summary: 'Sign in with the company account: sends the browser to the OpenID Connect provider (302)',
        tags,
      },
    },
    async (request, reply) => {
      const { location, problem } = await service.start(requestMeta(request));
      if (problem) request.log.warn({ problem }, 'OpenID Connect sign-in could not start');
      return reply.redirect(location, 302);
    },
  );

  r.get(
    '/auth/oidc/callback',
    {
      config: { public: true },
      schema: {
        operationId: 'oidcCallback',
        summary:
          'The provider sends the browser back here: on success to /signin/sso with a one-time ticket, else to /signin with an error code (302)',
        tags,
      },
    },
    async (request, reply) => {
      const { location, problem } = await service.callback(queryOf(request), requestMeta(request));
      if (problem) request.log.warn({ problem }, 'OpenID Connect sign-in refused');
      return reply.redirect(location, 302);
    },
  );

  r.post(
    '/login_check/oidc',
    {
      config: { public: true },
      schema: {
        operationId: 'loginOidc',
        summary: 'Exchange the one-time ticket of a company-account sign-in for a session',
        tags,
        body: oidcTicket,
        response: { 200: sessionUser },
      },
    },
    async (request) => service.signIn(request.body.ticket, requestMeta(request)),
  );
}

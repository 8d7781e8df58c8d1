import {
  loginAnswer,
  secondFactorRequest,
  secondFactorSession,
  secondFactorTicket,
  totpEnrolment,
} from '@hr/contracts/account';
import {
  impersonateRequest,
  languageChoice,
  linkReset,
  loginRequest,
  meResponse,
  messageResponse,
  otpRequest,
  otpReset,
  otpValidateQuery,
  passwordResetBody,
  sessionLive,
  sessionUser,
} from '@hr/contracts/auth';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../lib/auth';
import { validationFailed } from '../../lib/errors';
import { requestMeta } from '../../lib/request-meta';
import { type AuthService, TEXT } from './auth.service';

const tags = ['Auth'];

export async function authRoutes(app: FastifyInstance, { service }: { service: AuthService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/login_check',
    {
      config: { public: true },
      schema: {
        operationId: 'login',
        summary:
          'Sign in with E-ID and password: the session, or (with an authenticator app, or one required) the ticket of a second step',
        tags,
        body: loginRequest,
        response: { 200: loginAnswer },
      },
    },
    async (request) => service.login(request.body, requestMeta(request)),
  );

  r.post(
    '/login_check/totp',
    {
      config: { public: true },
      schema: {
        operationId: 'enrolTotpAtSignIn',
        summary:
          'The second step of one who must set up an authenticator app: a new secret and its otpauth URI',
        tags,
        body: secondFactorTicket,
        response: { 200: totpEnrolment },
      },
    },
    async (request) => service.enrolDuringSignIn(request.body.ticket),
  );

  r.post(
    '/login_check/second_factor',
    {
      config: { public: true },
      schema: {
        operationId: 'secondFactor',
        summary:
          'The second step of a sign-in: an authenticator app code or a recovery code on the ticket; answers the session',
        tags,
        body: secondFactorRequest,
        response: { 200: secondFactorSession },
      },
    },
    async (request) => service.secondFactor(request.body, requestMeta(request)),
  );

  r.post(
    '/logout',
    {
      schema: {
        operationId: 'logout',
        summary: 'End the current session',
        tags,
        security: [{ bearer: [] }],
        response: { 200: messageResponse },
      },
    },
    async (request) => {
      await service.logout(caller(request));
      return { message: TEXT.loggedOut };
    },
  );

  r.post(
    '/reset/password/otp/request',
    {
      config: { public: true },
      schema: {
        operationId: 'requestPasswordOtp',
        summary: 'Send a password reset code to the mobile number of an E-ID',
        tags,
        body: otpRequest,
        response: { 200: messageResponse },
      },
    },
    async (request) => service.requestOtp(request.body.eid, requestMeta(request)),
  );

  r.get(
    '/reset/password/otp/validate/:token',
    {
      config: { public: true },
      schema: {
        operationId: 'validatePasswordReset',
        summary: 'Check a reset code (with its E-ID) or a reset link token',
        tags,
        params: z.object({ token: z.string().min(1).max(200) }),
        querystring: otpValidateQuery,
        response: { 200: messageResponse },
      },
    },
    async (request) => service.validate(request.params.token, request.query.eid, requestMeta(request)),
  );

  r.post(
    '/reset/password/otp',
    {
      config: { public: true },
      schema: {
        operationId: 'resetPassword',
        summary:
          'Set a new password with a code (eid, otp, password) or a link token (token, plain_password)',
        tags,
        body: passwordResetBody,
        response: { 200: messageResponse },
      },
      // Either form is checked in the handler, so that each answers with its own field messages.
      validatorCompiler: () => (data) => ({ value: data }),
    },
    async (request) => {
      const raw: unknown = request.body;
      const body = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
      if ('token' in body) {
        const parsed = linkReset.safeParse(body);
        if (!parsed.success) throw validationFailed(parsed.error.issues);
        return service.resetWithLink(parsed.data, requestMeta(request));
      }
      const parsed = otpReset.safeParse(body);
      if (!parsed.success) throw validationFailed(parsed.error.issues);
      return service.resetWithOtp(parsed.data, requestMeta(request));
    },
  );

  r.post(
    '/impersonate',
    {
      schema: {
        operationId: 'impersonate',
        summary: 'HR administrators: a 24-hour session as another employee (audited)',
        tags,
        security: [{ bearer: [] }],
        body: impersonateRequest,
        response: { 200: sessionUser },
      },
    },
    async (request) => service.impersonate(caller(request), request.body.employee_id, requestMeta(request)),
  );

  r.get(
    '/me',
    {
      schema: {
        operationId: 'me',
        summary: 'The signed-in user and employee',
        tags,
        security: [{ bearer: [] }],
        response: { 200: meResponse },
      },
    },
    async (request) => service.me(caller(request)),
  );

  r.get(
    '/session',
    {
      schema: {
        operationId: 'sessionCheck',
        summary:
          "Whether the bearer token's session holds: 204 without a body, else 401 (the session check and nothing else)",
        tags,
        security: [{ bearer: [] }],
        response: { 204: sessionLive },
      },
    },
    // The authentication hook has checked the session; there is nothing more to read.
    async (_request, reply) => reply.code(204).send(null),
  );

  r.put(
    '/me/language',
    {
      schema: {
        operationId: 'setLanguage',
        summary: 'Saves the language the user chose (documents about them come in it)',
        tags,
        security: [{ bearer: [] }],
        body: languageChoice,
        response: { 200: languageChoice },
      },
    },
    async (request) => service.setLanguage(caller(request), request.body.language),
  );
}

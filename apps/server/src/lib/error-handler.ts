import type { ErrorCode } from '@hr/contracts/error-codes';
import type { ErrorBody } from '@hr/contracts/errors';
import { toChildrenErrors } from '@hr/contracts/errors';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, domainError } from './errors';

function send(reply: FastifyReply, body: ErrorBody, headers: Record<string, string> = {}) {
  for (const [k, v] of Object.entries(headers)) reply.header(k, v);
  return reply.code(body.code).type('application/json; charset=utf-8').send(body);
}

function pathOf(instancePath: string): string[] {
  return instancePath.split('/').filter((p) => p.length > 0);
}

/** Fastify's own refusals of a request body, by their code. */
const KNOWN_CLIENT_ERRORS: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'empty_json_body',
  FST_ERR_CTP_BODY_TOO_LARGE: 'body_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'content_length_mismatch',
};

/**
 * The one place where failures become HTTP answers (SPEC.md §8):
 * typed errors keep their status and message, body validation is a 422 with
 * `errors.children`, bad query or path parameters a 400, and anything
 * unexpected a 500 whose details stay in the log.
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler(
    (err: FastifyError | AppError | Error, request: FastifyRequest, reply: FastifyReply) => {
      if (err instanceof AppError) {
        if (err.status >= 500) request.log.error({ err }, 'request failed');
        return send(reply, err.toBody(), err.extra.headers);
      }

      const fe = err as FastifyError;
      if (hasZodFastifySchemaValidationErrors(fe)) {
        const issues = fe.validation.map((v) => ({
          path: pathOf(v.instancePath),
          message: v.message ?? 'Invalid',
        }));
        if (fe.validationContext === 'body') {
          return send(reply, {
            code: 422,
            error: 'validation_failed',
            message: 'Validation Failed',
            errors: toChildrenErrors(issues),
          });
        }
        const first = issues[0];
        const code = fe.validationContext === 'params' ? 'invalid_path' : 'invalid_query';
        const params = {
          name: first?.path.join('.') || '(none)',
          reason: first?.message ?? 'invalid value',
        };
        return send(reply, { ...domainError(code, params).toBody(), errors: toChildrenErrors(issues) });
      }

      const known = fe.code ? KNOWN_CLIENT_ERRORS[fe.code] : undefined;
      if (known) return send(reply, domainError(known).toBody());

      const status = typeof fe.statusCode === 'number' ? fe.statusCode : 500;
      if (status >= 400 && status < 500) {
        return send(reply, { code: status, error: 'bad_request', message: fe.message || 'Bad request' });
      }

      request.log.error({ err }, 'unexpected failure');
      return send(reply, {
        code: 500,
        error: 'internal',
        message: 'Sorry, something went wrong on the server.',
      });
    },
  );
}

/**
 * Fastify's own refusals before a route is found, in the portal's shape: a
 * URL whose percent-encoding is not UTF-8 (400 `url_invalid`), a part of the
 * path longer than the router takes (414 `url_part_too_long`). Given to
 * Fastify as its `frameworkErrors` (app.ts); without it these answered
 * Fastify's own body.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_BAD_URL') return send(reply, domainError('url_invalid').toBody());
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    const max = request.server.initialConfig.maxParamLength ?? 100;
    return send(reply, domainError('url_part_too_long', { max }).toBody());
  }
  request.log.error({ err: error }, 'unexpected failure');
  return send(reply, domainError('internal').toBody());
}

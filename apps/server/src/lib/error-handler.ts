import type { ErrorBody } from '@hr/contracts/errors';
import { toChildrenErrors } from '@hr/contracts/errors';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './errors';

function send(reply: FastifyReply, body: ErrorBody, headers: Record<string, string> = {}) {
  for (const [k, v] of Object.entries(headers)) reply.header(k, v);
  return reply.code(body.code).type('application/json; charset=utf-8').send(body);
}

function pathOf(instancePath: string): string[] {
  return instancePath.split('/').filter((p) => p.length > 0);
}

const KNOWN_CLIENT_ERRORS: Record<string, { status: number; error: string; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    error: 'invalid_json',
    message: 'The request body is not valid JSON.',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    error: 'invalid_json',
    message: 'The request body is empty but its content type is JSON.',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    error: 'body_too_large',
    message: 'The request body is too large.',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    error: 'unsupported_media_type',
    message: 'This content type is not accepted. Send JSON.',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    error: 'bad_request',
    message: 'The request body does not match its Content-Length.',
  },
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
        const where = fe.validationContext === 'params' ? 'path parameter' : 'query parameter';
        const name = first?.path.join('.') || '(none)';
        return send(reply, {
          code: 400,
          error: 'bad_request',
          message: `Invalid ${where} "${name}": ${first?.message ?? 'invalid value'}`,
          errors: toChildrenErrors(issues),
        });
      }

      const known = fe.code ? KNOWN_CLIENT_ERRORS[fe.code] : undefined;
      if (known) return send(reply, { code: known.status, error: known.error, message: known.message });

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

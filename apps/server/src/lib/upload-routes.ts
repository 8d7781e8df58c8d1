import { base64Length } from '@hr/contracts/employees';
import type { ErrorCode } from '@hr/contracts/error-codes';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { domainError } from './errors';

/** Room in a JSON body beyond its base64 payload: the other fields, a `data:` prefix. */
const JSON_SLACK = 2048;

/** The body limit of a route taking a base64 upload of at most `maxBytes`. */
export const uploadBodyLimit = (maxBytes: number) => base64Length(maxBytes) + JSON_SLACK;

/**
 * A body over the route's limit answers with the upload's own code (the
 * rest goes to the app's error handler).
 */
export function tooLargeAs(code: ErrorCode, field: string) {
  return (error: FastifyError, _request: FastifyRequest, _reply: FastifyReply) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw domainError(code, {}, field);
    throw error;
  };
}

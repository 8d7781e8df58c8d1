import { type ErrorBody, type FieldErrorNode, type FieldIssue, toChildrenErrors } from '@hr/contracts/errors';

/**
 * A failure the API answers with on purpose. `message` is shown to the user;
 * anything internal goes to the log, never into the body.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: { detail?: string; errors?: FieldErrorNode; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'AppError';
  }

  toBody(): ErrorBody {
    return {
      code: this.status,
      error: this.code,
      message: this.message,
      ...(this.extra.detail ? { detail: this.extra.detail } : {}),
      ...(this.extra.errors ? { errors: this.extra.errors } : {}),
    };
  }
}

export const badRequest = (message: string, code = 'bad_request') => new AppError(400, code, message);

export const unauthorized = (
  message = 'Authentication is required. Please sign in.',
  code = 'unauthorized',
) => new AppError(401, code, message);

export const forbidden = (message = 'You are not allowed to do this.') =>
  new AppError(403, 'forbidden', message);

export const notFound = (message = 'The record does not exist.') => new AppError(404, 'not_found', message);

export const conflict = (message: string) => new AppError(409, 'conflict', message);

export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError(429, 'too_many_requests', message, {
    headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
  });

/** 422 with field errors in the `errors.children` structure. */
export function validationFailed(issues: readonly FieldIssue[], message = 'Validation Failed'): AppError {
  return new AppError(422, 'validation_failed', message, { errors: toChildrenErrors(issues) });
}

/** 422 for a single field. */
export function fieldError(field: string | readonly PropertyKey[], message: string): AppError {
  return validationFailed([{ path: typeof field === 'string' ? [field] : field, message }], message);
}

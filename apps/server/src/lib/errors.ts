import { ERRORS, type ErrorCode, type ErrorParams, errorText } from '@hr/contracts/error-codes';
import { type ErrorBody, type FieldErrorNode, type FieldIssue, toChildrenErrors } from '@hr/contracts/errors';

/**
 * A failure the API answers with on purpose. `code` is one of the codes of
 * packages/contracts (error-codes.ts); `message` is shown to the user;
 * anything internal goes to the log, never into the body.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly extra: {
      detail?: string;
      errors?: FieldErrorNode;
      headers?: Record<string, string>;
      params?: ErrorParams;
    } = {},
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
      ...(this.extra.params && Object.keys(this.extra.params).length > 0
        ? { params: this.extra.params }
        : {}),
    };
  }
}

/**
 * The error of a declared code, with its status and English text. With
 * `field`, the text is also that field's error (`errors.children`).
 */
export function domainError(code: ErrorCode, params: ErrorParams = {}, field?: string): AppError {
  const message = errorText(code, params);
  return new AppError(ERRORS[code].status, code, message, {
    params,
    ...(field ? { errors: toChildrenErrors([{ path: [field], message }]) } : {}),
  });
}

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

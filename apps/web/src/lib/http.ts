import {
  DEFAULT_STATUS_TEXT,
  type ErrorBody,
  flattenChildrenErrors,
  NON_JSON_ERROR_TEXT,
} from '@hr/contracts/errors';
import { i18n } from './i18n';
import { endSession, getSession } from './session';

export const API_BASE = '/api/v1';

/** A failed call: the status, the server's message (or the default text of SPEC.md §8) and its body. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: ErrorBody | null,
  ) {
    super(message);
    this.name = `HttpError${status}`;
  }

  /** Field errors from `errors.children`, as form field paths. */
  get fieldErrors() {
    return flattenChildrenErrors(this.body?.errors);
  }
}

export type Query = Record<string, string | number | boolean | null | undefined | (string | number)[]>;

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  /** Send the bearer token (default). Sign-in and recovery calls send none. */
  auth?: boolean;
  signal?: AbortSignal;
  /** Send this token instead of the current session's (sign-out, after the local session has ended). */
  token?: string;
  /** Answer a Blob instead of JSON (downloads). */
  blob?: boolean;
  /**
   * The language names HR types in come back in; default the page's. The
   * administration reads them as stored, in English (`en`), the name its
   * forms edit beside the other languages.
   */
  language?: string;
}

export function buildUrl(path: string, query?: Query): string {
  const url = `${API_BASE}/${path.replace(/^\/+/, '')}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const v of value) params.append(key, String(v));
    else params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

/** The message to show for a failed answer: the server's message, else its detail, else the default text. */
export function errorMessage(status: number, body: unknown): string {
  if (body && typeof body === 'object') {
    const b = body as Partial<ErrorBody>;
    if (typeof b.message === 'string' && b.message) return b.message;
    if (typeof b.detail === 'string' && b.detail) return b.detail;
    return DEFAULT_STATUS_TEXT[status] ?? NON_JSON_ERROR_TEXT;
  }
  return NON_JSON_ERROR_TEXT;
}

async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  // Names HR types in (leave types, categories...) come back in the page's language.
  const headers: Record<string, string> = {
    accept: 'application/json',
    'accept-language': options.language || i18n.language || 'en',
  };
  const session = options.auth === false || options.token ? null : getSession();
  const token = options.token ?? session?.token;
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';

  let res: Response;
  try {
    res = await fetch(buildUrl(path, options.query), {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, DEFAULT_STATUS_TEXT[503] ?? 'service unavailable', null);
  }

  if (res.ok) {
    if (res.status === 204) return undefined as T;
    if (options.blob) return (await res.blob()) as T;
    const type = res.headers.get('content-type') ?? '';
    return (type.includes('json') ? await res.json() : await res.text()) as T;
  }

  let body: ErrorBody | null = null;
  try {
    body = (await res.json()) as ErrorBody;
  } catch {
    body = null;
  }
  const error = new ApiError(res.status, errorMessage(res.status, body), body);
  // A signed-in call refused as unauthenticated ends the session (the shell shows the popup),
  // unless another session took its place meanwhile (the end of an impersonation).
  if (res.status === 401 && session && getSession()?.token === session.token) endSession('unauthorized');
  throw error;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('POST', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PATCH', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PUT', path, { ...options, body }),
  /** DELETE with a body, as SPEC.md §7 has it. */
  delete: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('DELETE', path, { ...options, body }),
};

/**
 * The error body every API failure answers with (SPEC.md §8, DESIGN.md §2):
 * `{ code, error, message, detail?, errors? }`. Field errors use the nested
 * `children` structure: `errors.children.<field>.errors: [message]`, with
 * nested objects and list items as further `children`.
 */
export interface FieldErrorNode {
  errors?: string[];
  children?: Record<string, FieldErrorNode>;
}

export interface ErrorBody {
  /** The HTTP status. */
  code: number;
  /** The stable code of the failure (error-codes.ts), e.g. `leave_overlap`. */
  error: string;
  /** A message a person can read. */
  message: string;
  detail?: string;
  errors?: FieldErrorNode;
  /** The values the code's text names (error-codes.ts), for a translation. */
  params?: Record<string, string | number>;
}

export interface FieldIssue {
  path: readonly PropertyKey[];
  message: string;
}

/** Builds the `children` tree from a list of issues (zod issues fit). */
export function toChildrenErrors(issues: readonly FieldIssue[]): FieldErrorNode {
  const root: FieldErrorNode = {};
  for (const issue of issues) {
    let node = root;
    const path = issue.path.length > 0 ? issue.path : [];
    for (const key of path) {
      node.children ??= {};
      const k = String(key);
      // A field may be named `__proto__` or `constructor`: own properties only, never Object.prototype's.
      if (!Object.hasOwn(node.children, k)) {
        Object.defineProperty(node.children, k, {
          value: {},
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
      node = node.children[k]!;
    }
    node.errors ??= [];
    if (!node.errors.includes(issue.message)) node.errors.push(issue.message);
  }
  return root;
}

/** Flattens a `children` tree into field paths and their messages (for form libraries). */
export function flattenChildrenErrors(
  node: FieldErrorNode | undefined,
  prefix: (string | number)[] = [],
): { name: (string | number)[]; errors: string[] }[] {
  if (!node) return [];
  const out: { name: (string | number)[]; errors: string[] }[] = [];
  if (node.errors?.length && prefix.length > 0) out.push({ name: prefix, errors: node.errors });
  for (const [key, child] of Object.entries(node.children ?? {})) {
    const part = /^\d+$/.test(key) ? Number(key) : key;
    out.push(...flattenChildrenErrors(child, [...prefix, part]));
  }
  return out;
}

/** Default texts per status, SPEC.md §8. */
export const DEFAULT_STATUS_TEXT: Record<number, string> = {
  200: 'data returned',
  201: 'new or modified data is successful',
  202: 'queued asynchronous task',
  204: 'deleted successfully',
  400: 'request error, nothing changed',
  401: 'no permission (token, username or password wrong)',
  403: 'authorized but forbidden',
  404: 'record does not exist',
  406: 'format not available',
  410: 'resource permanently deleted',
  422: 'validation error when creating an object',
  500: 'server error',
  502: 'gateway error',
  503: 'service unavailable',
  504: 'gateway timeout',
};

export const NON_JSON_ERROR_TEXT = 'Unexpected error from Server. Please contact administration';
export const FORM_FALLBACK_ERROR_TEXT = 'Oops, Something Wrong!';

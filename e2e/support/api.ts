import { type APIRequestContext, type APIResponse, expect } from '@playwright/test';
import { DEMO_PASSWORD } from './helpers';

type Query = Record<string, string | number | undefined>;

/** A signed-in API client: the tests make their own records through it, as the web app would. */
export interface ApiSession {
  eid: string;
  employeeId: number;
  name: string;
  token: string;
  get<T>(path: string, query?: Query): Promise<T>;
  post<T>(path: string, body?: unknown): Promise<T>;
  put<T>(path: string, body?: unknown): Promise<T>;
  patch<T>(path: string, body?: unknown): Promise<T>;
  /** DELETE with a body, as the API names the record there. */
  del<T>(path: string, body?: unknown): Promise<T>;
  /** The raw answer, for a call that is meant to fail. */
  call(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    path: string,
    body?: unknown,
  ): Promise<APIResponse>;
}

const url = (path: string, query?: Query) => {
  const q = Object.entries(query ?? {})
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
    .join('&');
  return `/api/v1/${path.replace(/^\//, '')}${q ? `?${q}` : ''}`;
};

/** Signs in through `POST /api/v1/login_check` and answers a client with the bearer token. */
export async function apiAs(
  request: APIRequestContext,
  eid: string,
  password = DEMO_PASSWORD,
): Promise<ApiSession> {
  const login = await request.post('/api/v1/login_check', {
    data: { username: eid, password, app_id: 3 },
  });
  expect(login.ok(), `sign-in of ${eid}`).toBeTruthy();
  const { token, employee_id: employeeId } = (await login.json()) as { token: string; employee_id: number };
  const headers = { authorization: `Bearer ${token}` };

  const call: ApiSession['call'] = (method, path, body) =>
    request.fetch(url(path), { method, headers, ...(body === undefined ? {} : { data: body }) });
  const ok = async <T>(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown) => {
    const res = await call(method, path, body);
    expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBeTruthy();
    return (await res.json()) as T;
  };

  const me = await ok<{ employee: { name: string } }>('GET', 'me');
  return {
    eid,
    employeeId,
    name: me.employee.name,
    token,
    get: async <T>(path: string, query?: Query) => {
      const res = await request.get(url(path, query), { headers });
      expect(res.ok(), `GET ${path}: ${res.status()} ${await res.text()}`).toBeTruthy();
      return (await res.json()) as T;
    },
    post: (path, body) => ok('POST', path, body),
    put: (path, body) => ok('PUT', path, body),
    patch: (path, body) => ok('PATCH', path, body),
    del: (path, body) => ok('DELETE', path, body),
    call,
  };
}

/** Every page of a list call (limit 50 a page). */
export async function allPages<T>(api: ApiSession, path: string, query: Query = {}): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; ; page++) {
    const answer = await api.get<{ items: T[]; total: number }>(path, { ...query, page, limit: 50 });
    items.push(...answer.items);
    if (answer.items.length === 0 || items.length >= answer.total) return items;
  }
}

let counter = 0;
/**
 * A text no earlier run and no other test has used: the prefix, the time of
 * the call and a counter (the database may outlive a run).
 */
export function unique(prefix: string): string {
  counter += 1;
  return `${prefix} ${Date.now().toString(36)}${counter.toString(36)}`;
}

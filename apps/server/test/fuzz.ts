import { isErrorCode } from '@hr/contracts/error-codes';

/**
 * A schema-driven fuzzer of the API: the operations come from the OpenAPI
 * document the app serves (`app.swagger()`), and each case is one request to
 * one operation, built from the operation's parameter and body schemas and
 * then spoiled: wrong types, huge numbers, long strings, odd Unicode, missing
 * and extra fields, arrays for scalars, objects for strings, bad path ids.
 * The cases come from a seeded pseudo-random generator, so a seed and a
 * case count name the same requests every time.
 *
 * No answer may be a 5xx: bad input is the caller's error, and the server
 * says so with a 4xx in the portal's error body, with a declared code.
 * `runFuzz` sends the cases and collects every 5xx and every refusal
 * without that body, with its operation, request and answer.
 *
 * Used by `fuzz.api.test.ts` (a small budget, in `npm test`) and by
 * `bench/fuzz.ts` (a large one).
 */

/** mulberry32: a small, fast, seeded generator of numbers in [0, 1). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class Rng implements Draw {
  constructor(readonly next: () => number) {}
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
}

/** The part of a JSON schema (OpenAPI 3.0) the generator reads. */
export interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  nullable?: boolean;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
  description?: string;
  $ref?: string;
}

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: Schema;
}

export interface FuzzOperation {
  id: string;
  method: string;
  /** The OpenAPI path, with `{name}` for path parameters. */
  path: string;
  pathParams: { name: string; schema: Schema }[];
  query: { name: string; schema: Schema; required: boolean }[];
  body: Schema | null;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, unknown>>;
  components?: { schemas?: Record<string, Schema> };
}

interface OpenApiOperation {
  operationId?: string;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** Every operation of the document, with its `$ref`s resolved. */
export function operationsOf(doc: OpenApiDocument): FuzzOperation[] {
  const components = doc.components?.schemas ?? {};
  const resolve = (schema: Schema | undefined, depth = 0): Schema => {
    if (!schema || depth > 20) return {};
    if (schema.$ref) {
      const name = schema.$ref.split('/').pop() ?? '';
      return resolve(components[name], depth + 1);
    }
    return schema;
  };
  const ops: FuzzOperation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method] as OpenApiOperation | undefined;
      if (!op) continue;
      const params = op.parameters ?? [];
      ops.push({
        id: op.operationId ?? `${method} ${path}`,
        method: method.toUpperCase(),
        path,
        pathParams: params
          .filter((p) => p.in === 'path')
          .map((p) => ({ name: p.name, schema: resolve(p.schema) })),
        query: params
          .filter((p) => p.in === 'query')
          .map((p) => ({ name: p.name, schema: resolve(p.schema), required: p.required === true })),
        body: op.requestBody?.content?.['application/json']
          ? resolve(op.requestBody.content['application/json'].schema)
          : null,
      });
    }
  }
  return ops;
}

// ------------------------------------------------------------------ bad values

const LONG = 'x'.repeat(100_000);
const HUGE_NUMBERS = [
  2 ** 31,
  2 ** 31 - 1,
  2 ** 32,
  2 ** 53,
  2 ** 53 + 2,
  2 ** 63,
  -1,
  0,
  -(2 ** 31) - 1,
  1e308,
  -1e308,
  1.5,
  1e-7,
];
const NUMBER_STRINGS = [
  'NaN',
  'Infinity',
  '-Infinity',
  '1e308',
  '2147483648',
  '4294967296',
  '9007199254740993',
  '99999999999999999999',
  '-1',
  '0',
  '-0',
  '1.5',
  '0x1F',
  '1_000',
  ' 1 ',
  '1e3',
  '',
];
const ODD_STRINGS = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfff',
  '\udc00\ud800',
  '\u202eRTL override',
  '\u200fmark',
  '😀',
  '👩‍👩‍👧‍👦',
  'e\u0301\u0302\u0303\u0304',
  'Z̴̧̛͎a̶͕l̷͚g̷̰o',
  '\ufeffBOM',
  '\uffff',
  '\u2028\u2029',
  'İstanbul ß ǅ',
  '   ',
  '\t\n\r',
  "' or 1=1 --",
  '%',
  '_',
  '\\',
  '%00',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '{{name}}',
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
];
const SORT_STRINGS = [
  '__proto__,asc',
  'constructor,desc',
  'toString,asc',
  'hasOwnProperty,desc',
  'valueOf,asc',
  '__defineGetter__,asc',
  'id,sideways',
  'id',
  ',asc',
  'name,asc,asc',
];
const DATE_STRINGS = [
  '2024-02-30',
  '0000-00-00',
  '9999-12-31',
  '0001-01-01',
  '31-12-9999',
  '00-00-0000',
  '29-02-2023',
  '2024-13-01',
  '10000-01-01',
  '-001-01-01',
  '1900-01-01',
  '2024-01-01T25:00:00Z',
  '2024-01-01 24:00:00',
  '24:00',
  '23:59:60',
  '99:99',
  '2024-01-01,',
  ',2024-01-01',
  '2025-01-01,2024-01-01',
  '0000-01-01,9999-12-31',
];

function badScalar(rng: Rng): unknown {
  switch (rng.int(0, 6)) {
    case 0:
      return rng.pick(HUGE_NUMBERS);
    case 1:
      return rng.pick(NUMBER_STRINGS);
    case 2:
    case 3:
      return rng.pick(ODD_STRINGS);
    case 4:
      return rng.chance(0.5) ? LONG : rng.pick(['9'.repeat(400), `${LONG}\u0000`, '😀'.repeat(30_000)]);
    case 5:
      return rng.pick(DATE_STRINGS);
    default:
      return rng.pick(SORT_STRINGS);
  }
}

function badValue(rng: Rng, depth = 0): unknown {
  switch (rng.int(0, 9)) {
    case 0:
      return rng.pick([null, true, false]);
    case 1:
      return rng.pick([[], [1], ['a'], [2 ** 31], [null], [[]], [{}]]);
    case 2:
      return rng.pick<object>([{}, { a: 1 }, { id: 2 ** 31 }, { toString: 'x' }]);
    case 3:
      return depth < 3 ? [badValue(rng, depth + 1), badValue(rng, depth + 1)] : badScalar(rng);
    default:
      return badScalar(rng);
  }
}

/** A query or path value: always text, as in a URL. */
function badText(rng: Rng): string {
  const v = badScalar(rng);
  return typeof v === 'string' ? v : String(v);
}

// ------------------------------------------------------------------ plausible values

const idLike = (name: string) => name === 'id' || /(_id|Id)$/.test(name);
const idsLike = (name: string) => name === 'ids' || /(_ids|Ids)$/.test(name);
const pad = (n: number) => String(n).padStart(2, '0');

/** What a template may draw from (the case's own generator). */
export interface Draw {
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
}

export interface FuzzData {
  /** Ids of records that exist (employees, requests, reference data...). */
  ids: number[];
  /** Ids of the employees the fuzz signs in as (and others), for employee ids. */
  people?: number[];
  /**
   * Bodies the server accepts, by operation id: where the rules span several
   * fields, a spoiled valid body reaches further than a spoiled guess.
   */
  templates?: Record<string, (role: Role, draw: Draw) => unknown>;
}

function plausibleString(rng: Rng, schema: Schema, name: string): string {
  if (schema.enum?.length) return String(rng.pick(schema.enum));
  const year = rng.int(2024, 2026);
  const month = rng.int(1, 12);
  const day = rng.int(1, 28);
  const pattern = schema.pattern ?? '';
  if (/range$/.test(name)) return `${year}-${pad(month)}-01,${year}-${pad(month)}-${pad(day)}`;
  if (/d\{4\}-\\d\{2\}-\\d\{2\}/.test(pattern) || schema.format === 'date') {
    return `${year}-${pad(month)}-${pad(day)}`;
  }
  if (schema.description?.includes('DD-MM-YYYY')) return `${pad(day)}-${pad(month)}-${year}`;
  if (/time/.test(name)) return `${pad(rng.int(9, 16))}:${rng.pick(['00', '30'])}`;
  if (/date|^from$|^to$|dob/.test(name)) return `${year}-${pad(month)}-${pad(day)}`;
  if (/email/.test(name)) return `fuzz${rng.int(1, 999)}@portal.test`;
  if (/mobile|phone/.test(name)) return `017${rng.int(10_000_000, 99_999_999)}`;
  if (/password/.test(name)) return `Secret${rng.int(100, 999)}x`;
  if (name === 'sort') return rng.pick(['id,desc', 'id,asc', 'name,asc', 'created,desc']);
  if (/eid|username/.test(name)) return String(rng.int(1000, 1060));
  if (/otp/.test(name)) return String(rng.int(1000, 9999));
  const min = schema.minLength ?? 0;
  const max = Math.min(schema.maxLength ?? 40, 40);
  const words = ['Dhaka', 'leave', 'family', 'note', 'Meghna', 'office', 'travel', 'visit'];
  let text = rng.pick(words);
  if (max - text.length > 6 && rng.chance(0.6)) text += ` ${rng.int(1, 99_999)}`;
  while (text.length < min) text += ` ${rng.pick(words)}`;
  return text.slice(0, Math.max(min, max));
}

function plausibleNumber(rng: Rng, schema: Schema, name: string, data: FuzzData, integer: boolean): number {
  if (schema.enum?.length) return Number(rng.pick(schema.enum));
  if (name === 'limit') return rng.pick([10, 20, 50]);
  if (name === 'page') return rng.int(1, 3);
  if (/employee/i.test(name) && data.people?.length && rng.chance(0.7)) return rng.pick(data.people);
  if (idLike(name) && data.ids.length > 0) return rng.pick(data.ids);
  const exclusive = schema.exclusiveMinimum === true ? 1 : 0;
  const min = Math.max(schema.minimum ?? 0, -1000) + exclusive;
  const max = Math.min(schema.maximum ?? min + 100, min + 100);
  const n = min + rng.next() * Math.max(0, max - min);
  return integer ? Math.round(n) : n;
}

function typesOf(schema: Schema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  if (schema.type) return [schema.type];
  if (schema.properties) return ['object'];
  if (schema.items) return ['array'];
  return [];
}

/** A value the schema probably accepts (names hint at dates, ids, e-mail...). */
export function plausible(rng: Rng, schema: Schema, name: string, data: FuzzData, depth = 0): unknown {
  if (schema.const !== undefined) return schema.const;
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches?.length) return plausible(rng, rng.pick(branches), name, data, depth);
  if (schema.allOf?.length) {
    const merged: Schema = {};
    for (const part of schema.allOf) Object.assign(merged, part);
    return plausible(rng, merged, name, data, depth);
  }
  if (schema.nullable && rng.chance(0.15)) return null;
  const type = rng.pick(typesOf(schema).filter((t) => t !== 'null')) ?? 'string';
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      const required = new Set(schema.required ?? []);
      for (const [key, sub] of Object.entries(schema.properties ?? {})) {
        if (depth > 6) break;
        if (required.has(key) || rng.chance(0.75)) out[key] = plausible(rng, sub, key, data, depth + 1);
      }
      return out;
    }
    case 'array': {
      const n = depth > 6 ? 0 : rng.int(schema.minItems ?? 0, Math.min(schema.maxItems ?? 3, 3));
      return Array.from({ length: n }, () =>
        plausible(rng, schema.items ?? {}, idsLike(name) ? 'id' : name, data, depth + 1),
      );
    }
    case 'integer':
      return plausibleNumber(rng, schema, name, data, true);
    case 'number':
      return plausibleNumber(rng, schema, name, data, false);
    case 'boolean':
      return rng.chance(0.5);
    default:
      return plausibleString(rng, schema, name);
  }
}

// ------------------------------------------------------------------ cases

export type Role = 'admin' | 'employee';

export interface FuzzRequest {
  method: string;
  url: string;
  /** The raw body (JSON text, or junk for the raw cases). */
  payload?: string;
  contentType?: string;
}

export interface FuzzCase {
  index: number;
  op: FuzzOperation;
  role: Role;
  /** What was spoiled, for the report. */
  mutation: string;
  request: FuzzRequest;
  remoteAddress: string;
}

/**
 * Percent-encodes a text for a URL, lone surrogates too (as the bytes a
 * careless encoder would send), which `encodeURIComponent` refuses.
 */
export function encodeText(text: string): string {
  let out = '';
  for (const part of text.match(/[\ud800-\udbff][\udc00-\udfff]|[\s\S]/g) ?? []) {
    const code = part.charCodeAt(0);
    if (part.length === 1 && code >= 0xd800 && code <= 0xdfff) {
      out +=
        `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 0x3f)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`.toUpperCase();
    } else {
      out += encodeURIComponent(part);
    }
  }
  return out;
}

type Json = unknown;

/** Where a leaf sits in a body: the keys from the top. */
function leafPaths(value: Json, prefix: (string | number)[] = [], out: (string | number)[][] = []) {
  if (Array.isArray(value)) {
    value.forEach((v, i) => {
      leafPaths(v, [...prefix, i], out);
    });
    if (value.length === 0) out.push(prefix);
  } else if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    for (const [k, v] of entries) leafPaths(v, [...prefix, k], out);
    if (entries.length === 0 && prefix.length > 0) out.push(prefix);
  } else if (prefix.length > 0) {
    out.push(prefix);
  }
  return out;
}

function setAt(root: Json, path: (string | number)[], value: unknown): Json {
  if (path.length === 0) return value;
  let node = root as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path[path.length - 1]!] = value;
  return root;
}

function deleteAt(root: Json, path: (string | number)[]) {
  if (path.length === 0) return;
  let node = root as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (Array.isArray(node)) node.splice(Number(last), 1);
  else delete node[last];
}

const EXTRA_KEYS = [
  'extra',
  'id',
  'employee_id',
  'is_admin',
  'constructor',
  'toString',
  '\u0000',
  '\ud800',
  'é',
];

/** Raw bodies that are not the JSON a schema describes. */
const RAW_BODIES: { payload: string; contentType: string }[] = [
  { payload: '{', contentType: 'application/json' },
  { payload: '', contentType: 'application/json' },
  { payload: 'null', contentType: 'application/json' },
  { payload: '"text"', contentType: 'application/json' },
  { payload: '[]', contentType: 'application/json' },
  { payload: '1e999', contentType: 'application/json' },
  { payload: '{"__proto__":{"is_admin":true}}', contentType: 'application/json' },
  { payload: '{"constructor":{"prototype":{"x":1}}}', contentType: 'application/json' },
  { payload: '{"a":"\\u0000"}', contentType: 'application/json' },
  { payload: '{"a":"\\ud800"}', contentType: 'application/json' },
  { payload: '\ufeff{}', contentType: 'application/json' },
  { payload: '{"a":1}', contentType: 'text/plain' },
  { payload: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
  { payload: '{"a":1}', contentType: 'application/json; charset=latin1' },
  { payload: `{"a":${'['.repeat(5000)}${']'.repeat(5000)}}`, contentType: 'application/json' },
];

function queryString(entries: [string, string][]): string {
  return entries.map(([k, v]) => `${encodeText(k)}=${encodeText(v)}`).join('&');
}

function truncate(text: string, max = 300): string {
  return text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text;
}

/** A request as the report shows it: method, URL and body, shortened, with odd characters escaped. */
export function describeRequest(c: FuzzCase): string {
  const visible = (s: string) =>
    JSON.stringify(s)
      .slice(1, -1)
      .replace(/[\u0080-\uffff]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
  const body = c.request.payload === undefined ? '' : ` ${visible(truncate(c.request.payload))}`;
  const type =
    c.request.contentType && c.request.contentType !== 'application/json'
      ? ` [${c.request.contentType}]`
      : '';
  return `#${c.index} ${c.op.id} as ${c.role} (${c.mutation}): ${c.request.method} ${truncate(c.request.url)}${type}${body}`;
}

function pathValue(rng: Rng, name: string, schema: Schema, data: FuzzData): string {
  return String(plausible(rng, schema, name, data));
}

/** The `index`th case of a run: the same seed and index give the same request. */
export function makeCase(ops: FuzzOperation[], seed: number, index: number, data: FuzzData): FuzzCase {
  const rng = new Rng(seededRandom((seed * 2654435761 + index * 40503) >>> 0));
  // Every operation in turn, each as admin and as employee.
  const op = ops[Math.floor(index / 2) % ops.length]!;
  const role: Role = index % 2 === 0 ? 'admin' : 'employee';
  const pathValues = new Map(
    op.pathParams.map((p) => {
      const employee = p.name === 'id' && op.path.startsWith('/api/v1/employees/{id}');
      return [p.name, pathValue(rng, employee ? 'employee_id' : p.name, p.schema, data)];
    }),
  );
  const query: [string, string][] = [];
  for (const q of op.query) {
    if (q.required || rng.chance(0.4)) {
      const v = plausible(rng, q.schema, q.name, data);
      if (v !== null && v !== undefined) query.push([q.name, String(v)]);
    }
  }
  const template = data.templates?.[op.id];
  let body: Json = op.body
    ? template && rng.chance(0.8)
      ? template(role, rng)
      : plausible(rng, op.body, 'body', data)
    : undefined;
  let raw: { payload: string; contentType: string } | null = null;

  const kinds = [
    'valid',
    'path',
    'query',
    'body',
    'body',
    'body',
    'missing',
    'extra',
    'shape',
    'many',
    'raw',
  ];
  const applicable = kinds.filter(
    (k) =>
      (k !== 'path' || op.pathParams.length > 0) &&
      (k !== 'query' || op.query.length > 0) &&
      (!['body', 'missing', 'shape', 'raw'].includes(k) || op.body !== null),
  );
  const kind = rng.pick(applicable);
  const notes: string[] = [kind];
  const spoilPath = () => {
    const p = rng.pick(op.pathParams);
    const v = rng.chance(0.15) ? rng.pick(['%00', '%ED%A0%80', '..', '%2F', '%25']) : badText(rng);
    pathValues.set(p.name, v);
    notes.push(`path ${p.name}`);
    return p;
  };
  const spoilQuery = () => {
    const q = rng.pick(op.query);
    const i = query.findIndex(([k]) => k === q.name);
    if (i >= 0) query.splice(i, 1);
    if (rng.chance(0.15)) {
      // An array for a scalar: the parameter twice.
      query.push([q.name, badText(rng)], [q.name, badText(rng)]);
      notes.push(`query ${q.name} twice`);
    } else {
      query.push([q.name, q.name === 'sort' && rng.chance(0.5) ? rng.pick(SORT_STRINGS) : badText(rng)]);
      notes.push(`query ${q.name}`);
    }
  };
  const extraQuery = () => {
    const key = rng.pick([...EXTRA_KEYS, '__proto__', 'page[]', 'sort[field]']);
    query.push([key, badText(rng)]);
    notes.push(`query extra ${JSON.stringify(key)}`);
  };
  const spoilBody = () => {
    const leaves = leafPaths(body);
    if (leaves.length === 0 || body === null || typeof body !== 'object') {
      body = badValue(rng);
      notes.push('body');
      return;
    }
    const at = rng.pick(leaves);
    body = setAt(body, at, badValue(rng));
    notes.push(`body ${at.join('.')}`);
  };

  switch (kind) {
    case 'path':
      spoilPath();
      break;
    case 'query':
      spoilQuery();
      break;
    case 'body':
      spoilBody();
      break;
    case 'missing': {
      const leaves = leafPaths(body);
      if (leaves.length > 0) {
        const at = rng.pick(leaves);
        deleteAt(body, rng.chance(0.5) ? at : at.slice(0, 1));
        notes.push(`without ${at.join('.')}`);
      }
      break;
    }
    case 'extra': {
      if (op.body === null || rng.chance(0.25)) extraQuery();
      else if (body !== null && typeof body === 'object' && !Array.isArray(body)) {
        const key = rng.pick(EXTRA_KEYS);
        (body as Record<string, unknown>)[key] = badValue(rng);
        notes.push(`extra ${JSON.stringify(key)}`);
      }
      break;
    }
    case 'shape':
      body = rng.pick([[body], 'text', 42, true, [], LONG, { body }]);
      break;
    case 'many': {
      const n = rng.int(2, 5);
      for (let i = 0; i < n; i++) {
        const where = rng.int(0, 2);
        if (where === 0 && op.pathParams.length > 0) spoilPath();
        else if (where === 1 && op.query.length > 0) spoilQuery();
        else if (op.body) spoilBody();
      }
      break;
    }
    case 'raw':
      raw = rng.pick(RAW_BODIES);
      break;
    default:
      break;
  }

  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const v = pathValues.get(name) ?? '1';
    // Ready-made escapes stay as they are; anything else is encoded.
    return /^(%[0-9A-F]{2})+$|^\.\.$/.test(v) ? v : encodeText(v);
  });
  const qs = queryString(query);
  const request: FuzzRequest = {
    method: op.method,
    url: qs ? `${path}?${qs}` : path,
  };
  if (raw) {
    request.payload = raw.payload;
    request.contentType = raw.contentType;
  } else if (op.body) {
    request.payload = JSON.stringify(body) ?? 'null';
    request.contentType = 'application/json';
  }
  return {
    index,
    op,
    role,
    mutation: notes.join(', '),
    request,
    remoteAddress: `10.${rng.int(0, 255)}.${rng.int(0, 255)}.${rng.int(1, 254)}`,
  };
}

export interface FuzzAnswer {
  status: number;
  body: string;
}

export interface FuzzFailure {
  fuzzCase: FuzzCase;
  answer: FuzzAnswer;
  /** What the server logged about it, when the runner can tell. */
  log?: string;
}

export interface FuzzResult {
  cases: number;
  /** Answers with a 5xx. */
  failures: FuzzFailure[];
  /** Refusals (4xx) without the portal's error body: `{ code: <status>, error: <declared code>, message }`. */
  undeclared: FuzzFailure[];
  /** How many answers had each status. */
  statuses: Record<number, number>;
}

export interface FuzzRunner {
  ops: FuzzOperation[];
  seed: number;
  cases: number;
  data: FuzzData;
  /** Sends one request with the role's token. */
  send(c: FuzzCase): Promise<FuzzAnswer>;
  /** What the server logged since the last call (to show with a 5xx). */
  drainLog?: () => string;
  /** Called after every case (a 401 with a token means the fuzz signed out or disabled its user). */
  after?(c: FuzzCase, answer: FuzzAnswer): Promise<void>;
  /** Called with each 5xx as it happens. */
  onFailure?(failure: FuzzFailure): void;
  /** First case index (to replay part of a run). */
  from?: number;
}

export async function runFuzz(runner: FuzzRunner): Promise<FuzzResult> {
  const result: FuzzResult = { cases: 0, failures: [], undeclared: [], statuses: {} };
  const from = runner.from ?? 0;
  for (let i = from; i < from + runner.cases; i++) {
    const c = makeCase(runner.ops, runner.seed, i, runner.data);
    runner.drainLog?.();
    const answer = await runner.send(c);
    result.cases += 1;
    result.statuses[answer.status] = (result.statuses[answer.status] ?? 0) + 1;
    if (answer.status >= 500) {
      const log = runner.drainLog?.();
      const failure = { fuzzCase: c, answer, ...(log ? { log } : {}) };
      result.failures.push(failure);
      runner.onFailure?.(failure);
    } else if (answer.status >= 400 && !isPortalError(answer)) {
      result.undeclared.push({ fuzzCase: c, answer });
    }
    await runner.after?.(c, answer);
  }
  return result;
}

/** The portal's error body (SPEC.md §8): the status as `code`, a declared code as `error`, a message. */
export function isPortalError(answer: FuzzAnswer): boolean {
  try {
    const body = JSON.parse(answer.body) as { code?: unknown; error?: unknown; message?: unknown };
    return body.code === answer.status && isErrorCode(body.error) && typeof body.message === 'string';
  } catch {
    return false;
  }
}

/** The report of a run: one block per 5xx, then the counts. */
export function fuzzReport(result: FuzzResult, seed: number): string {
  const lines: string[] = [];
  for (const f of result.failures) {
    lines.push(`5xx ${f.answer.status} ${describeRequest(f.fuzzCase)}`);
    lines.push(`    answer: ${truncate(f.answer.body, 500)}`);
    if (f.log) lines.push(`    log: ${truncate(f.log.replace(/\s+/g, ' '), 800)}`);
  }
  for (const f of result.undeclared) {
    lines.push(`undeclared ${f.answer.status} ${describeRequest(f.fuzzCase)}`);
    lines.push(`    answer: ${truncate(f.answer.body, 500)}`);
  }
  const statuses = Object.entries(result.statuses)
    .map(([s, n]) => `${s}: ${n}`)
    .join(', ');
  lines.push(
    `fuzz seed ${seed}: ${result.cases} cases, ${result.failures.length} 5xx, ${result.undeclared.length} refusals without a declared code (${statuses})`,
  );
  return lines.join('\n');
}

import { createHash } from 'node:crypto';
import {
  type PGlite,
  parse,
  protocol,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';

/**
 * How the embedded database runs a statement: as PostgreSQL does behind
 * node-postgres.
 *
 * PGlite's own `query` sends each statement as six protocol messages, each a
 * separate call into the WebAssembly backend (parse, describe, bind,
 * describe, execute, sync), and parses and plans it afresh every time, even
 * the statements the portal prepares by name once per shape (`lib/prepared.ts`:
 * the session, list pages, a profile's core), which PostgreSQL plans once per
 * connection. Here a statement is sent in two calls the first time (parse and
 * describe; then bind, describe, execute and sync) and in one call after
 * that when it is one of those prepared by name: PGlite then keeps it as a
 * named prepared statement, with its plan, as PostgreSQL does. Every other
 * statement is parsed and planned each time as before, as on PostgreSQL.
 *
 * The parameters are serialized and the rows parsed by PGlite's own functions
 * (its serializers by the statement's parameter types, `parseResults`), so
 * the values are those of `query`; so are the locks taken (no statement runs
 * inside another caller's transaction) and an error (PGlite's DatabaseError
 * with the query, its parameters and options on it).
 */

/** The texts of statements prepared by name, each with its name in PGlite. */
const preparedTexts = new Map<string, string>();

/** Marks a statement's text as prepared by name: the embedded database keeps it with its plan. */
export function keepPrepared(text: string): void {
  if (preparedTexts.has(text)) return;
  preparedTexts.set(text, `p_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`);
}

const { serialize } = protocol;

function joined(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** What `PGlite.query` puts on an error it throws (the driver's `makePGliteError`). */
function annotated(
  err: unknown,
  text: string,
  params: unknown[] | undefined,
  options?: QueryOptions,
): unknown {
  if (err && typeof err === 'object') Object.assign(err, { query: text, params, queryOptions: options });
  return err;
}

type Query = <T>(text: string, params?: unknown[], options?: QueryOptions) => Promise<Results<T>>;

/** The members of PGlite's class this module uses beyond its documented interface. */
interface PgliteInternals {
  _checkReady(): Promise<void>;
  _runExclusiveQuery<T>(work: () => Promise<T>): Promise<T>;
  _runExclusiveTransaction<T>(work: () => Promise<T>): Promise<T>;
}

/**
 * Makes `client.query` (and a transaction's `query`) run statements as above.
 * The client is patched in place, so whoever holds it (the query builder,
 * the realtime listener, a test counting statements) sees the same methods.
 */
export function usePreparedStatements(client: PGlite): void {
  const internals = client as unknown as PgliteInternals;
  /** The parameter types of each named statement this client has parsed. */
  const parsed = new Map<string, number[]>();
  const original = client.query.bind(client) as Query;
  const originalTransaction = client.transaction.bind(client);

  async function run<T>(
    text: string,
    params: unknown[] | undefined,
    options: QueryOptions | undefined,
    inTransaction: boolean,
  ): Promise<Results<T>> {
    const name = preparedTexts.get(text) ?? '';
    const exec = { syncToFs: false, ...(options?.onNotice ? { onNotice: options.onNotice } : {}) };
    try {
      let types = name ? parsed.get(name) : undefined;
      if (types === undefined) {
        const described = await client.execProtocolStream(
          joined([
            serialize.parse({ name, text, ...(options?.paramTypes ? { types: options.paramTypes } : {}) }),
            serialize.describe({ type: 'S', name }),
            serialize.sync(),
          ]),
          exec,
        );
        types = parse.parseDescribeStatementResults(described);
        if (name) parsed.set(name, types);
      }
      const kinds = types;
      const values = (params ?? []).map((value, i) => {
        if (value === null || value === undefined) return null;
        const type = kinds[i] as number;
        const serializer = options?.serializers?.[type] ?? client.serializers[type];
        return serializer ? serializer(value) : String(value);
      });
      const messages = await client.execProtocolStream(
        joined([
          serialize.bind({ statement: name, values }),
          serialize.describe({ type: 'P' }),
          serialize.execute({}),
          serialize.sync(),
        ]),
        exec,
      );
      if (!inTransaction) await client.syncToFs();
      return parse.parseResults(messages, client.parsers, options)[0] as Results<T>;
    } catch (err) {
      throw annotated(err, text, params, options);
    }
  }

  const query: Query = async (text, params, options) => {
    // A COPY through a blob is left to PGlite's own path.
    if (options?.blob) return original(text, params, options);
    await internals._checkReady();
    return internals._runExclusiveTransaction(() =>
      internals._runExclusiveQuery(() => run(text, params, options, false)),
    );
  };

  const transaction = <T>(callback: (tx: Transaction) => Promise<T>): Promise<T> =>
    originalTransaction((tx) => {
      const named: Transaction = Object.create(tx);
      named.query = (async (text: string, params?: unknown[], options?: QueryOptions) => {
        if (tx.closed) throw new Error('Transaction is closed');
        if (options?.blob) return tx.query(text, params, options);
        return internals._runExclusiveQuery(() => run(text, params, options, true));
      }) as Transaction['query'];
      return callback(named);
    });

  Object.assign(client, { query, transaction });
}

import { createHash } from 'node:crypto';
import pg from 'pg';

/**
 * Every statement with parameters runs as a named prepared statement on its
 * connection, as the statements the portal prepares by shape do
 * (`lib/prepared.ts`): PostgreSQL parses and analyses it once per connection
 * and, after five runs, keeps one plan for every value when that plan is
 * estimated to cost no more than plans made for the values (its default
 * `plan_cache_mode`); otherwise it plans each run for its values, as for a
 * statement sent without a name. Without a name, each of a call's statements
 * was parsed, analysed and planned on every call: most of what the database
 * spent on a small call.
 *
 * The name is the text's hash, so a text always has the same name. A
 * connection keeps at most `STATEMENTS_PER_CONNECTION` of them; texts beyond
 * that run unnamed, as before (a filter combination nobody repeats should not
 * hold memory in the server for the connection's life). Statements without
 * parameters (BEGIN, SET LOCAL, a migration's several statements) are sent as
 * they are.
 */
export const STATEMENTS_PER_CONNECTION = 1000;

/**
 * Names already made for texts (a text is hashed once per process). Kept to
 * twice what one connection may prepare: the texts are kilobytes each, and a
 * name forgotten is only hashed again.
 */
const names = new Map<string, string>();
const NAMES_MAX = 2 * STATEMENTS_PER_CONNECTION;

function nameOf(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `s_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    if (names.size >= NAMES_MAX) names.clear();
    names.set(text, name);
  }
  return name;
}

/** The pool's client: names the statements it sends (see above). */
export class StatementCachingClient extends pg.Client {
  private readonly named = new Set<string>();

  // biome-ignore lint/suspicious/noExplicitAny: pg's query is overloaded many ways; the arguments pass through unchanged.
  override query(...args: any[]): any {
    const [first, second] = args as [unknown, unknown];
    // `query(text, values)` or `query({ text, values })`; pg takes the values from either place.
    const config = (typeof first === 'string' ? { text: first } : first) as pg.QueryConfig | null | undefined;
    if (config && typeof config === 'object' && typeof config.text === 'string' && !config.name) {
      const values = Array.isArray(second) ? second : config.values;
      if (values && values.length > 0) {
        const name = nameOf(config.text);
        if (this.named.has(name) || this.named.size < STATEMENTS_PER_CONNECTION) {
          this.named.add(name);
          args[0] = { ...config, name };
        }
      }
    }
    // biome-ignore lint/suspicious/noExplicitAny: see above.
    return (super.query as (...a: any[]) => any)(...args);
  }
}

import { createHash } from 'node:crypto';
import { is } from 'drizzle-orm';
import { PgPreparedQuery } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { keepPrepared } from '../db/pglite-statements';
import { requestLanguage } from './language';

/**
 * Statements the portal runs on every call (the session, list pages and
 * counts) are built once per shape and run as named prepared statements: the
 * query builder's work is done once, and PostgreSQL keeps their plans per
 * connection instead of planning them afresh on every call.
 */
const byDatabase = new WeakMap<Db, Map<string, unknown>>();

/** A statement name for a shape: short, stable, distinct per shape. */
export function statementName(key: string): string {
  return `q_${createHash('sha1').update(key).digest('hex').slice(0, 20)}`;
}

/** Whether a statement's name is a shape's (`statementName`), not one a connection gave it (db/statement-cache.ts). */
export const isShapeStatementName = (name: string): boolean => /^q_[0-9a-f]{20}(_|$)/.test(name);

/**
 * The prepared statement of `key` on this database, built on first use. A
 * statement is kept per language of the call: reference names are read in
 * that language (`localName`), which is bound when the statement is built.
 */
export function preparedOnce<P>(db: Db, shape: string, build: (name: string) => P): P {
  const language = requestLanguage();
  const key = language === 'en' ? shape : `${shape}|${language}`;
  let statements = byDatabase.get(db);
  if (!statements) {
    statements = new Map();
    byDatabase.set(db, statements);
  }
  let prepared = statements.get(key) as P | undefined;
  if (prepared === undefined) {
    prepared = build(statementName(key));
    statements.set(key, prepared);
    // The embedded database keeps them with their plans too (db/pglite-statements.ts).
    for (const statement of is(prepared, PgPreparedQuery) ? [prepared] : Object.values(prepared as object)) {
      if (is(statement, PgPreparedQuery)) keepPrepared(statement.getQuery().sql);
    }
  }
  return prepared;
}

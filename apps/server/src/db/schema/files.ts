import { integer, pgTable, varchar } from 'drizzle-orm/pg-core';
import { bytea, createdAt, id } from './columns';
import { employees } from './people';

/** Stored files: profile documents, generated letters. Size limits are checked before they get here. */
export const files = pgTable('files', {
  id: id(),
  /** What it is: document, letter... */
  kind: varchar({ length: 20 }).notNull(),
  name: varchar({ length: 255 }).notNull(),
  mime: varchar({ length: 100 }).notNull(),
  size: integer().notNull(),
  data: bytea().notNull(),
  createdBy: integer().references(() => employees.id),
  createdAt: createdAt(),
});

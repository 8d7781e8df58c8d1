import { boolean, integer, pgTable, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id, nameTranslations, updatedAt } from './columns';

export const companies = pgTable('companies', {
  id: id(),
  name: varchar({ length: 100 }).notNull().unique(),
  code: varchar({ length: 20 }),
  address: text(),
  /** Day of the week that is off (0 Sunday .. 6 Saturday); Friday by default. */
  weeklyOffDay: smallint().notNull().default(5),
  enabled: boolean().notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const offices = pgTable(
  'offices',
  {
    id: id(),
    companyId: integer()
      .notNull()
      .references(() => companies.id),
    name: varchar({ length: 100 }).notNull(),
    address: text(),
    enabled: boolean().notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('offices_company_name_uq').on(t.companyId, t.name)],
);

export const designations = pgTable('designations', {
  id: id(),
  name: varchar({ length: 100 }).notNull().unique(),
  nameTranslations: nameTranslations(),
  enabled: boolean().notNull().default(true),
});

/** Development areas offered in Section D of a review (the IDP rows and the areas of focus). */
export const developmentAreas = pgTable('development_areas', {
  id: id(),
  name: varchar({ length: 100 }).notNull().unique(),
  nameTranslations: nameTranslations(),
  description: text(),
  enabled: boolean().notNull().default(true),
});

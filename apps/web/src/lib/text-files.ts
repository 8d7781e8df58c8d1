/**
 * The texts of every language but English, a small file per language and
 * area. The list names some two hundred files, so lib/i18n.ts loads it with
 * the first language other than English, not with the app.
 */
export const textFiles = import.meta.glob<Record<string, unknown>>(
  ['../locales/*/*.json', '!../locales/en/*.json'],
  { import: 'default' },
);

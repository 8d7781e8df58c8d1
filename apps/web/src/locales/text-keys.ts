import en from './en';

/**
 * Every key of the English texts, plural forms also by their base
 * (`leave.days` for `leave.days_one`), and every key's parents (`leave`,
 * `leave.balances`), which a key built at run time starts with. For the tests
 * that read the sources' keys (hard-coded text, each route's areas).
 */
export const TEXT_KEYS = new Set<string>();
export const TEXT_PARENTS = new Set<string>();

(function collect(tree: unknown, prefix: string) {
  if (tree === null || typeof tree !== 'object') {
    TEXT_KEYS.add(prefix);
    TEXT_KEYS.add(prefix.replace(/_(zero|one|two|few|many|other)$/, ''));
    return;
  }
  if (prefix) TEXT_PARENTS.add(prefix);
  for (const [key, value] of Object.entries(tree)) collect(value, prefix ? `${prefix}.${key}` : key);
})(en, '');

import type { AdminResource } from '../../lib/admin-resources';
import { referenceKeys } from '../../lib/keys';

/**
 * The administration's own lists (SPEC.md §7 Other resources). Companies and
 * offices are offered by shared pickers too, so their keys are lib/keys.ts's
 * reference keys: a change here refreshes the pickers.
 */
export const adminKeys = {
  assets: ['assets'] as const,
};

export const adminResources = {
  companies: { name: 'companies', path: 'companies', queryKey: referenceKeys.companies },
  offices: { name: 'offices', path: 'offices', queryKey: referenceKeys.offices },
  assets: { name: 'assets', path: 'assets', queryKey: adminKeys.assets },
} satisfies Record<string, AdminResource>;

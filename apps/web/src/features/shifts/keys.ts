import type { AdminResource } from '../../lib/admin-resources';

/** The query keys of shifts: the admin list refreshes `['shifts']`, which covers the options too. */
export const shiftKeys = {
  all: ['shifts'] as const,
  options: ['shifts', 'options'] as const,
  ofEmployee: (employeeId: number) => ['shifts', 'employee', employeeId] as const,
};

/** Every shift, disabled ones too; the profile's assign form reads the enabled ones under the same key. */
export const shiftResources = {
  shifts: { name: 'shifts', path: 'shifts', queryKey: shiftKeys.all },
} satisfies Record<string, AdminResource>;

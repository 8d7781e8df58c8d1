import type { AdminResource } from '../../lib/admin-resources';
import { referenceKeys } from '../../lib/keys';

/**
 * The query keys of the organisation's lists. Exams and groups are read by
 * shared pickers too, so their keys are lib/keys.ts's reference keys.
 */
export const organisationKeys = {
  levels: ['organisation', 'levels'] as const,
  grades: ['organisation', 'grades'] as const,
  designations: ['organisation', 'designations'] as const,
  developmentAreas: ['organisation', 'development-areas'] as const,
  enabledDevelopmentAreas: ['organisation', 'development-areas', 'enabled'] as const,
  lookup: (kind: string) => ['organisation', 'lookup', kind] as const,
};

/** The organisation's lists on the administration screens, disabled ones too. */
export const organisationResources = {
  levels: { name: 'levels', path: 'levels', queryKey: organisationKeys.levels, query: { all: true } },
  grades: { name: 'grades', path: 'grades', queryKey: organisationKeys.grades, query: { all: true } },
  designations: {
    name: 'designations',
    path: 'designations',
    queryKey: organisationKeys.designations,
    query: { all: true },
  },
  developmentAreas: {
    name: 'developmentAreas',
    path: 'development-areas',
    queryKey: organisationKeys.developmentAreas,
    query: { all: true },
  },
  exams: {
    name: 'exams',
    path: 'employees/educations/exams',
    queryKey: referenceKeys.exams,
    query: { all: true },
  },
  groups: { name: 'groups', path: 'groups', queryKey: referenceKeys.groups, query: { all: true } },
} satisfies Record<string, AdminResource>;

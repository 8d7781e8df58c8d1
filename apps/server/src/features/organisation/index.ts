/** Levels, grades, designations, development areas, exams with their subjects, groups with their trees. */
export { groupTreeWithDescendants, inGroupItem } from './organisation.repository';
export { organisationRoutes } from './organisation.routes';

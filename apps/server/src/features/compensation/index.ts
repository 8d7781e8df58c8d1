/** Compensation: salaries, loans, pay schedules and their types. */
import { registerPersonalData } from '../../lib/personal-data';
import { compensationPersonalData } from './personal-data.repository';

export { compensationRoutes } from './compensation.routes';

registerPersonalData(compensationPersonalData);

/** Delegation while away: a person's decisions handed to someone else for a range of days. */
import { registerPersonalData } from '../../lib/personal-data';
import { delegationsPersonalData } from './personal-data.repository';

export { delegationsRoutes } from './delegations.routes';

registerPersonalData(delegationsPersonalData);

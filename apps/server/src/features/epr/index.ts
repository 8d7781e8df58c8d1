import { registerPersonalData } from '../../lib/personal-data';
import { eprPersonalData } from './personal-data.repository';

export { eprRoutes } from './epr.routes';
export { EprService } from './epr.service';
export { reviewName } from './epr-names';

registerPersonalData(eprPersonalData);

/** Remote-work requests. */
import { registerPersonalData } from '../../lib/personal-data';
import { remoteWorkPersonalData } from './personal-data.repository';

export { remoteWorkRoutes } from './remote-work.routes';
export { RemoteWorkService } from './remote-work.service';

registerPersonalData(remoteWorkPersonalData);

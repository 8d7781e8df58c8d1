/** HR service requests; the demo seed issues letters and writes audit rows like the service does. */
import { registerPersonalData } from '../../lib/personal-data';
import { hrServicesPersonalData } from './personal-data.repository';

export { issueLetter } from './hr-services.letter';
export { SERVICE_ENTITY } from './hr-services.repository';
export { hrServiceRoutes } from './hr-services.routes';
export { HrServicesService } from './hr-services.service';

registerPersonalData(hrServicesPersonalData);

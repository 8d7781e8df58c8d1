/** Sign-in, sessions, recovery and impersonation; other features end sessions and send invitations through the service. */
import { registerPersonalData } from '../../lib/personal-data';
import { authPersonalData } from './personal-data.repository';

export { authRoutes } from './auth.routes';
export { AuthService } from './auth.service';
export { demoAccountWarnings } from './demo-mode';

registerPersonalData(...authPersonalData);

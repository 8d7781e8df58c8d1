/** Sign-in, sessions, recovery and impersonation; other features end sessions and send invitations through the service. */
export { authRoutes } from './auth.routes';
export { AuthService } from './auth.service';
export { demoAccountWarnings } from './demo-mode';

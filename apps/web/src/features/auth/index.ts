/** What other features read of signing in: the portal's public settings (the map's tile server...). */
export { usePublicConfig } from './api';
/** The recovery codes shown once (the sign-in's second step and the Security page). */
export { RecoveryCodesList } from './components/RecoveryCodesList';

/** What other features read of signing in: the portal's public settings (the map's tile server...). */
export { usePublicConfig } from './api';

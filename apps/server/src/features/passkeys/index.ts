/** Passkeys: the caller's list, registering and removing them, and signing in with one. */
export { passkeysRoutes } from './passkeys.routes';

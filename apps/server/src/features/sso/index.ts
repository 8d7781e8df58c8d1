/** Signing in with the company's OpenID Connect provider (the break-glass rule of password sign-in is config.ts's). */
export { ssoRoutes } from './sso.routes';

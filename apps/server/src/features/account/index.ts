/** The account's own security: its routes, and the second step of a sign-in (used by `auth`). */
export { accountRoutes } from './account.routes';
export { AccountService, type SecondStepDone, type SigningIn } from './account.service';

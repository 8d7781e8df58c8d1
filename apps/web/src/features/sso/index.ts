/** What the sign-in page shows of the company-account sign-in (its button, the reason a round trip failed). */
export { SsoSignIn } from './components/SsoSignIn';

/** What other pages show of the passkeys: the Security page's section and the sign-in page's button. */
export { PasskeySignIn } from './components/PasskeySignIn';
export { PasskeysSection } from './components/PasskeysSection';

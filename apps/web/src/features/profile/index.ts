/** What other features read of the profile: its query keys (their changes refresh its change log). */
export { profileKeys } from './keys';

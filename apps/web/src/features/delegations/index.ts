/** Delegation while away: a person's decisions handed to someone else for a range of days. */
export { DelegationsPanel } from './components/DelegationsPanel';
export { delegationKeys } from './keys';

export { auditKeys } from './keys';

export { auditRoutes } from './audit.routes';
export { AuditChainSealer, recordVerification } from './audit.service';

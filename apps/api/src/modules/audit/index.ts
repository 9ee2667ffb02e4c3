// The audit module's public surface: other modules record their events with recordAuditEvent, in
// the transaction of what they record; app.ts builds the service and registers the read route.
export {
  type AuditContext,
  type AuditEventInput,
  COMMAND_LINE,
  recordAuditEvent,
  requestAuditContext,
} from './record';
export { registerAuditRoutes } from './routes';
export { type AuditService, createAuditService } from './service';

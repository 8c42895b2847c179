import { createAuditActors, createAuditApi } from '../../services/audit';
import type { AppScope } from '../shared/composition';

/** The audit area's wiring for one runtime (D279): the portal client's audit calls. */
export const auditActorsOf = ({ runtime }: AppScope) => createAuditActors(createAuditApi(runtime.clients.portal));

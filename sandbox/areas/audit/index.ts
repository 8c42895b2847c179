/** The audit area's face for the other sandbox areas (areas.json `uses: ["audit"]`): the recorder (D299). */
export { recordAudit, type AuditActor, type AuditEntry } from './record';

import { Entity } from 'electrodb';
import { SERVICE } from '../keys.ts';

/**
 * One operator action (issue 17): who, what, on which target, the changed fields before and
 * after, when. Append-only: every function role that may change items carries an IAM Deny of
 * UpdateItem, DeleteItem and BatchWriteItem on partitions `audit#*` (infra/src/handler-function.ts,
 * checked by infra/test/security.test.ts), so no code can change or delete an entry. Creating is a
 * PutItem, which IAM cannot tell from an overwrite: that an entry is never replaced holds by
 * ElectroDB's `create` (`attribute_not_exists`), the only write this module makes. Listed by JST
 * month (`audit#<ym>`), by actor (gsi1) and by target (gsi2), newest first.
 */
export const AuditEntry = new Entity({
  model: { entity: 'audit', version: '1', service: SERVICE },
  attributes: {
    /** `<at>#<key>`: the key is derived from what happened, so a retried action writes once. */
    auditId: { type: 'string', required: true, readOnly: true },
    ym: { type: 'string', required: true, readOnly: true },
    at: { type: 'string', required: true, readOnly: true },
    actorId: { type: 'string', required: true, readOnly: true },
    actorName: { type: 'string', required: true, readOnly: true },
    /** One of `auditActions` / `auditTargetTypes` (shared/src/schemas/admin.ts; typed by the writer,
     * not imported here: every bundle that holds the table's entities would carry the schemas). */
    action: { type: 'string', required: true, readOnly: true },
    targetType: { type: 'string', required: true, readOnly: true },
    targetId: { type: 'string', required: true, readOnly: true },
    before: { type: 'any', readOnly: true },
    after: { type: 'any', readOnly: true },
  },
  indexes: {
    byMonth: {
      pk: { field: 'pk', composite: ['ym'], template: 'audit#${ym}', casing: 'none' },
      sk: { field: 'sk', composite: ['auditId'], template: '${auditId}', casing: 'none' },
    },
    byActor: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['actorId'], template: 'audit-actor#${actorId}', casing: 'none' },
      sk: { field: 'gsi1sk', composite: ['auditId'], template: '${auditId}', casing: 'none' },
    },
    byTarget: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['targetId'], template: 'audit-target#${targetId}', casing: 'none' },
      sk: { field: 'gsi2sk', composite: ['auditId'], template: '${auditId}', casing: 'none' },
    },
  },
});

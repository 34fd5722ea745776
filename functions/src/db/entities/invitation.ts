import { Entity } from 'electrodb';
import { SERVICE } from '../keys.ts';

/**
 * A fan who signed up through a creator's invitation link (`/@{username}?invite=1`), written once,
 * in the same transaction that completes the fan's sign-up (cond `attribute_not_exists`). Its
 * INSERT on the table's stream is the event "invitation registration": the creator's notice
 * (streams/invitation-notices) and, later, trigger broadcast 1 consume it.
 */
export const Invitation = new Entity({
  model: { entity: 'invitation', version: '1', service: SERVICE },
  attributes: {
    creatorId: { type: 'string', required: true, readOnly: true },
    fanId: { type: 'string', required: true, readOnly: true },
    /** A ULID of the registration: the notice's id is derived from it (one notice per event). */
    eventId: { type: 'string', required: true, readOnly: true },
    fanNickname: { type: 'string', required: true },
    registeredAt: { type: 'string', required: true, readOnly: true },
  },
  indexes: {
    byCreator: {
      pk: { field: 'pk', composite: ['creatorId'], template: 'invites#${creatorId}', casing: 'none' },
      sk: { field: 'sk', composite: ['fanId'], template: 'fan#${fanId}', casing: 'none' },
    },
  },
});

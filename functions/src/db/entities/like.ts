import { Entity } from 'electrodb';
import { SERVICE } from '../keys.ts';

/**
 * `fromId` liked `toId` (a fan a creator, or a creator a fan back): permanent, never undone.
 * gsi1 lists the likes one gave, gsi2 the likes one received, newest first. `counted` is set by
 * the counter consumer in the transaction that adds to the counters, so a replayed record counts once.
 */
export const Like = new Entity({
  model: { entity: 'like', version: '1', service: SERVICE },
  attributes: {
    fromId: { type: 'string', required: true, readOnly: true },
    toId: { type: 'string', required: true, readOnly: true },
    /** The liker's role (fans like creators; creators like fans back). */
    fromRoleId: { type: 'number', required: true, readOnly: true },
    createdAt: { type: 'string', required: true, readOnly: true },
    counted: { type: 'boolean' },
  },
  indexes: {
    byFrom: {
      pk: { field: 'pk', composite: ['fromId'], template: 'likes#${fromId}', casing: 'none' },
      sk: { field: 'sk', composite: ['toId'], template: 'to#${toId}', casing: 'none' },
    },
    given: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['fromId'], template: 'likes#${fromId}', casing: 'none' },
      sk: {
        field: 'gsi1sk',
        composite: ['createdAt', 'toId'],
        template: '${createdAt}#${toId}',
        casing: 'none',
      },
    },
    received: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['toId'], template: 'liked-by#${toId}', casing: 'none' },
      sk: {
        field: 'gsi2sk',
        composite: ['createdAt', 'fromId'],
        template: '${createdAt}#${fromId}',
        casing: 'none',
      },
    },
  },
});

/** A creator the fan skipped in discovery: hidden from it until `ttl` (no index: not a like). */
export const DiscoverySkip = new Entity({
  model: { entity: 'discoverySkip', version: '1', service: SERVICE },
  attributes: {
    fromId: { type: 'string', required: true, readOnly: true },
    toId: { type: 'string', required: true, readOnly: true },
    createdAt: { type: 'string', required: true },
    ttl: { type: 'number', required: true },
  },
  indexes: {
    byFrom: {
      pk: { field: 'pk', composite: ['fromId'], template: 'likes#${fromId}', casing: 'none' },
      sk: { field: 'sk', composite: ['toId'], template: 'skip#${toId}', casing: 'none' },
    },
  },
});

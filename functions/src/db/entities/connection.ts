import { Entity } from 'electrodb';
import { SERVICE } from '../keys.ts';

/**
 * An open WebSocket connection of a profile and session; expires by TTL after API Gateway's 2-hour limit.
 * gsi2 lists the sockets watching a creator's profile (the realtime purchase log).
 */
export const Connection = new Entity({
  model: { entity: 'connection', version: '1', service: SERVICE },
  attributes: {
    connectionId: { type: 'string', required: true, readOnly: true },
    profileId: { type: 'string', required: true, readOnly: true },
    /** The sign-in session (refresh-token family) whose access token opened it: its end closes the socket. */
    sessionId: { type: 'string', readOnly: true },
    connectedAt: { type: 'string', required: true, readOnly: true },
    /** The creator whose profile the socket's page shows (`{action: 'watch'}`): their purchase log is pushed to it. */
    watching: { type: 'string' },
    watchedAt: { type: 'string' },
    ttl: { type: 'number', required: true },
  },
  indexes: {
    byId: {
      pk: {
        field: 'pk',
        composite: ['connectionId'],
        template: 'connection#${connectionId}',
        casing: 'none',
      },
      sk: { field: 'sk', composite: [], template: 'connection', casing: 'none' },
    },
    byProfile: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['profileId'], template: 'connections#${profileId}', casing: 'none' },
      sk: { field: 'gsi1sk', composite: ['connectedAt'], template: '${connectedAt}', casing: 'none' },
    },
    /** The sockets watching a creator's profile (sparse: only those with `watching`). */
    byWatched: {
      index: 'gsi2',
      condition: (attr) => typeof attr.watching === 'string' && attr.watching !== '',
      pk: { field: 'gsi2pk', composite: ['watching'], template: 'watchers#${watching}', casing: 'none' },
      sk: { field: 'gsi2sk', composite: ['watchedAt'], template: '${watchedAt}', casing: 'none' },
    },
  },
});

import { Entity } from 'electrodb';
import { SERVICE } from '../keys.ts';

/**
 * One device's Web Push subscription (issue 15), in its owner's own partition: a device is named
 * by the SHA-256 of its endpoint (`deviceId`), so only its owner's requests can read, change or
 * remove it, and the stream consumers find a recipient's devices with one Query
 * (`begins_with(sk, 'push#sub#')`).
 */
export const PushSubscription = new Entity({
  model: { entity: 'pushSubscription', version: '1', service: SERVICE },
  attributes: {
    profileId: { type: 'string', required: true, readOnly: true },
    deviceId: { type: 'string', required: true, readOnly: true },
    endpoint: { type: 'string', required: true, readOnly: true },
    /** The browser's P-256 public key and auth secret (base64url, RFC 8291). */
    p256dh: { type: 'string', required: true },
    auth: { type: 'string', required: true },
    messages: { type: 'boolean', required: true },
    notices: { type: 'boolean', required: true },
    label: { type: 'string', required: true },
    /** The language its notifications are written in (the page's when it was turned on). */
    lang: { type: 'string', required: true },
    createdAt: { type: 'string', required: true, readOnly: true },
    updatedAt: { type: 'string', required: true },
  },
  indexes: {
    byProfile: {
      pk: { field: 'pk', composite: ['profileId'], template: 'profile#${profileId}', casing: 'none' },
      sk: { field: 'sk', composite: ['deviceId'], template: 'push#sub#${deviceId}', casing: 'none' },
    },
  },
});

/**
 * How many devices a profile has: ADDed in the transaction that creates or deletes a device, under
 * the condition `count < devicesMax` on a creation, so the limit holds under concurrent requests.
 */
export const PushDeviceCount = new Entity({
  model: { entity: 'pushDeviceCount', version: '1', service: SERVICE },
  attributes: {
    profileId: { type: 'string', required: true, readOnly: true },
    count: { type: 'number' },
  },
  indexes: {
    byProfile: {
      pk: { field: 'pk', composite: ['profileId'], template: 'profile#${profileId}', casing: 'none' },
      sk: { field: 'sk', composite: [], template: 'push#devices', casing: 'none' },
    },
  },
});

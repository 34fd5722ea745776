import { Entity } from 'electrodb';
import { SERVICE } from '../keys.ts';

/** A refresh token (stored as its SHA-256). Used once: rotation replaces it within its family. */
export const RefreshToken = new Entity({
  model: { entity: 'refreshToken', version: '1', service: SERVICE },
  attributes: {
    tokenHash: { type: 'string', required: true, readOnly: true },
    profileId: { type: 'string', required: true, readOnly: true },
    familyId: { type: 'string', required: true, readOnly: true },
    createdAt: { type: 'string', required: true, readOnly: true },
    expiresAt: { type: 'string', required: true },
    usedAt: { type: 'string' },
    ttl: { type: 'number', required: true },
  },
  indexes: {
    byHash: {
      pk: { field: 'pk', composite: ['tokenHash'], template: 'refresh#${tokenHash}', casing: 'none' },
      sk: { field: 'sk', composite: [], template: 'refresh', casing: 'none' },
    },
    byProfile: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['profileId'], template: 'refreshes#${profileId}', casing: 'none' },
      sk: {
        field: 'gsi1sk',
        composite: ['familyId', 'createdAt'],
        template: '${familyId}#${createdAt}',
        casing: 'none',
      },
    },
  },
});

/** One sign-in's chain of refresh tokens. Revoked as a whole when a used token comes back. */
export const TokenFamily = new Entity({
  model: { entity: 'tokenFamily', version: '1', service: SERVICE },
  attributes: {
    familyId: { type: 'string', required: true, readOnly: true },
    profileId: { type: 'string', required: true, readOnly: true },
    revoked: { type: 'boolean', required: true, default: false },
    createdAt: { type: 'string', required: true, readOnly: true },
    ttl: { type: 'number', required: true },
  },
  indexes: {
    byId: {
      pk: { field: 'pk', composite: ['familyId'], template: 'family#${familyId}', casing: 'none' },
      sk: { field: 'sk', composite: [], template: 'family', casing: 'none' },
    },
  },
});

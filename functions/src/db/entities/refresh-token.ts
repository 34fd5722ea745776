import { Entity } from 'electrodb';
import { SERVICE } from '../keys.ts';

/**
 * A refresh token (stored as its SHA-256). Used once: rotation replaces it within its family. Not
 * indexed: sessions are listed by family (`TokenFamily`), so a rotation writes two items and no
 * index entry. It names its family only (the family names the profile), so a token that outlives
 * its family (leaving deletes the families) says nothing of whose it was, is refused, and goes by TTL.
 */
export const RefreshToken = new Entity({
  model: { entity: 'refreshToken', version: '1', service: SERVICE },
  attributes: {
    tokenHash: { type: 'string', required: true, readOnly: true },
    /** Legacy only: a token names its family, and the family its profile (so leaving leaves none). */
    profileId: { type: 'string', readOnly: true },
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
  },
});

/**
 * Legacy, read only: refresh tokens issued before issue 9 name their profile and are listed in
 * gsi1 `refreshes#<profileId>`. Ending every session and leaving still read this list (with
 * `ignoreOwnership`: the items are `refreshToken`s) until the last such token has expired, 30 days
 * after the deployment (docs/architecture.md); then this entity goes.
 */
export const LegacyRefreshToken = new Entity({
  model: { entity: 'refreshTokenLegacy', version: '1', service: SERVICE },
  attributes: {
    tokenHash: { type: 'string', required: true, readOnly: true },
    profileId: { type: 'string', required: true, readOnly: true },
    familyId: { type: 'string', required: true, readOnly: true },
    createdAt: { type: 'string', required: true, readOnly: true },
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

/**
 * One sign-in's chain of refresh tokens: a session. Revoked as a whole when a used token comes
 * back. gsi1 lists a profile's sessions (ending them all, leaving).
 */
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
    byProfile: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['profileId'], template: 'sessions#${profileId}', casing: 'none' },
      sk: {
        field: 'gsi1sk',
        composite: ['createdAt', 'familyId'],
        template: '${createdAt}#${familyId}',
        casing: 'none',
      },
    },
  },
});

import { businessConfig } from '@app/shared/config';
import { Entity } from 'electrodb';
import { SERVICE } from '../keys.ts';

/** A person's account and public profile: fans (LINE), creators, casts, owners, admins. */
export const Profile = new Entity({
  model: { entity: 'profile', version: '1', service: SERVICE },
  attributes: {
    profileId: { type: 'string', required: true, readOnly: true },
    roleId: { type: 'number', required: true },
    status: { type: ['active', 'suspended'] as const, required: true, default: 'active' },
    /** Every session (refresh-token family) that began before this instant is over (password reset, suspension). */
    sessionsEndedAt: { type: 'string' },
    email: { type: 'string' },
    passwordHash: { type: 'string' },
    lineUserId: { type: 'string' },
    username: { type: 'string' },
    nickname: { type: 'string' },
    genre: { type: 'string' },
    bio: { type: 'string' },
    area: { type: 'number', default: 0 },
    profileImage: { type: 'string' },
    backgroundImage: { type: 'string' },
    isAnonymousOpenLog: { type: 'boolean', default: false },
    isHideSupporterRanking: { type: 'boolean', default: false },
    /** Help modals the person has seen (`POST /confirmation`; schemas/social.ts `confirmationTypes`). */
    confirmed: { type: 'set', items: 'string' },
    /** The sign-up step the person is on, and the highest one completed. */
    step: { type: 'number', required: true, default: 1 },
    finalStep: { type: 'number', required: true, default: 0 },
    bankSkipped: { type: 'boolean', default: false },
    /** Casts: the organization (its owner's profile id) their rewards accrue to (issue 16). */
    organizationId: { type: 'string', readOnly: true },
    /** Casts: the next login must choose a new password first (created, or reset by the owner). */
    passwordChangeRequired: { type: 'boolean' },
    /**
     * Admins (role 3): the TOTP secret (sealed with the app secret, services/admin/totp.ts), whether
     * an authenticator confirmed it, the last time step accepted (a code is used once), and the
     * SHA-256 of each unused recovery code.
     */
    totpSecret: { type: 'string' },
    totpConfirmed: { type: 'boolean' },
    totpLastStep: { type: 'number' },
    recoveryCodeHashes: { type: 'set', items: 'string' },
    /** Fans: the creator whose invitation link they signed up through (set when the profile is created). */
    invitedBy: { type: 'string', readOnly: true },
    /** Creators and owners: the campaign code given at registration (the chat campaign rate, rewards). */
    campaignCode: { type: 'string', readOnly: true },
    /** Creators and owners: the creator terms' version agreed to at registration, and when. */
    termsVersion: { type: 'string' },
    termsAgreedAt: { type: 'string' },
    createdAt: { type: 'string', required: true, readOnly: true },
    updatedAt: { type: 'string', required: true },
  },
  indexes: {
    byId: {
      collection: 'account',
      pk: { field: 'pk', composite: ['profileId'], template: 'profile#${profileId}', casing: 'none' },
      sk: { field: 'sk', composite: [], template: 'profile', casing: 'none' },
    },
    /**
     * Console (issue 17): the operators, for the report assignment's picker. Sparse: only role 3
     * profiles carry the keys. Its composites (`roleId`, `createdAt`) are never patched, so the
     * profile's updates leave the keys as they are (ElectroDB re-evaluates `condition` only when
     * an update sets one of them). Operators from before: scripts/migrations/console-indexes.ts.
     */
    byRole: {
      index: 'gsi1',
      condition: (attr) => attr.roleId === businessConfig.roles.ADMIN,
      pk: { field: 'gsi1pk', composite: ['roleId'], template: 'role#${roleId}', casing: 'none' },
      sk: { field: 'gsi1sk', composite: ['createdAt'], template: '${createdAt}', casing: 'none' },
    },
  },
});

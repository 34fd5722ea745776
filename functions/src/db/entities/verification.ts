import { Entity } from 'electrodb';
import { SERVICE } from '../keys.ts';

/**
 * A 6-digit code sent by mail; only its hash is stored. One live code per purpose and address
 * (notify-email and bank-change: per profile and address, `email` = `<profileId>#<address>`).
 */
export const Verification = new Entity({
  model: { entity: 'verification', version: '1', service: SERVICE },
  attributes: {
    purpose: {
      type: ['register', 'reset', 'line-recovery', 'notify-email', 'bank-change'] as const,
      required: true,
      readOnly: true,
    },
    email: { type: 'string', required: true, readOnly: true },
    codeHash: { type: 'string', required: true },
    attempts: { type: 'number', required: true, default: 0 },
    /** register: the role to create; line-recovery, notify-email, bank-change: the profile. */
    roleId: { type: 'number' },
    profileId: { type: 'string' },
    expiresAt: { type: 'string', required: true },
    ttl: { type: 'number', required: true },
  },
  indexes: {
    byEmail: {
      pk: {
        field: 'pk',
        composite: ['purpose', 'email'],
        template: 'verification#${purpose}#${email}',
        casing: 'none',
      },
      sk: { field: 'sk', composite: [], template: 'verification', casing: 'none' },
    },
  },
});

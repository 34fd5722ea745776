import { Entity } from 'electrodb';
import { SERVICE } from '../keys.ts';

/** Private user information (sign-up step 2). The birth date is written once. */
export const UserInfo = new Entity({
  model: { entity: 'userInfo', version: '1', service: SERVICE },
  attributes: {
    profileId: { type: 'string', required: true, readOnly: true },
    fullName: { type: 'string', required: true },
    notificationEmail: { type: 'string', required: true },
    /** Confirmed by a code (fans): then `unique#notify-email#<address>` belongs to this profile. */
    notificationEmailVerified: { type: 'boolean', default: false },
    gender: { type: ['male', 'female'] as const, required: true },
    birthDate: { type: 'string', required: true, readOnly: true },
    updatedAt: { type: 'string', required: true },
  },
  indexes: {
    byProfile: {
      collection: 'account',
      pk: { field: 'pk', composite: ['profileId'], template: 'profile#${profileId}', casing: 'none' },
      sk: { field: 'sk', composite: [], template: 'user-info', casing: 'none' },
    },
  },
});

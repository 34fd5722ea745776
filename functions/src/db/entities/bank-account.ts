import { Entity } from 'electrodb';
import { SERVICE } from '../keys.ts';

/** The Japanese bank account rewards are transferred to (sign-up step 3). */
export const BankAccount = new Entity({
  model: { entity: 'bankAccount', version: '1', service: SERVICE },
  attributes: {
    profileId: { type: 'string', required: true, readOnly: true },
    bankCode: { type: 'string', required: true },
    bankName: { type: 'string', required: true },
    branchCode: { type: 'string', required: true },
    branchName: { type: 'string', required: true },
    accountType: { type: ['ordinary', 'checking', 'savings'] as const, required: true },
    accountNumber: { type: 'string', required: true },
    accountOwner: { type: 'string', required: true },
    updatedAt: { type: 'string', required: true },
  },
  indexes: {
    byProfile: {
      collection: 'account',
      pk: { field: 'pk', composite: ['profileId'], template: 'profile#${profileId}', casing: 'none' },
      sk: { field: 'sk', composite: [], template: 'bank', casing: 'none' },
    },
  },
});

import { Entity } from 'electrodb';
import { SERVICE } from '../keys.ts';

/**
 * A creator's or owner's business settings (one item in the account partition): the chat price
 * with tomorrow's value, the lock of paid chat, refusing free points, back-number re-view.
 * While a price change waits for its date (`costPending`), gsi2 lists the item under that date
 * for the daily switch job (J1).
 */
export const BusinessSettings = new Entity({
  model: { entity: 'businessSettings', version: '1', service: SERVICE },
  attributes: {
    profileId: { type: 'string', required: true, readOnly: true },
    /** Today's price (mushrooms per fan message) as of the last switch; reads apply the lazy rule. */
    chatCost: { type: 'number' },
    chatCostNext: { type: 'number' },
    /** JST date from which chatCostNext applies. Kept after the switch (it then equals chatCost). */
    chatCostNextFrom: { type: 'string' },
    /** True until the switch job has made chatCostNext today's value. */
    costPending: { type: 'boolean', required: true, default: false },
    chatLocked: { type: 'boolean', required: true, default: false },
    rejectFreePoints: { type: 'boolean', required: true, default: false },
    allowBackNumberReview: { type: 'boolean', required: true, default: false },
    /** The qualified invoice issuer registration number (normalized "T" + 13 digits); absent when none. */
    invoiceNumber: { type: 'string' },
    /** Optimistic lock of the settings screen. */
    version: { type: 'number', required: true },
    updatedAt: { type: 'string', required: true },
  },
  indexes: {
    byProfile: {
      collection: 'account',
      pk: { field: 'pk', composite: ['profileId'], template: 'profile#${profileId}', casing: 'none' },
      sk: { field: 'sk', composite: [], template: 'business', casing: 'none' },
    },
    costChange: {
      index: 'gsi2',
      condition: (attr) => attr.costPending === true,
      pk: {
        field: 'gsi2pk',
        composite: ['chatCostNextFrom'],
        template: 'cost-change#${chatCostNextFrom}',
        casing: 'none',
      },
      sk: { field: 'gsi2sk', composite: ['profileId'], template: '${profileId}', casing: 'none' },
    },
  },
});

import { organizationStatuses } from '@app/shared/organizations';
import { Entity } from 'electrodb';
import { SERVICE } from '../keys.ts';

/**
 * A shop/organization owner's organization (issue 16). One per owner: its id is the owner's
 * profile id, so a cast's `organizationId` names the account its rewards go to. `version` moves on
 * every write (the form and the review are conditioned on the version they read). gsi1 lists the
 * organizations by status, oldest application first (the operators' review queue).
 */
export const Organization = new Entity({
  model: { entity: 'organization', version: '1', service: SERVICE },
  attributes: {
    organizationId: { type: 'string', required: true, readOnly: true },
    name: { type: 'string', required: true },
    category: { type: 'number', required: true },
    address: { type: 'string', required: true, default: '' },
    /** The processed logo (`media/logo/…/full.webp`). */
    logo: { type: 'string' },
    isPublic: { type: 'boolean', required: true },
    status: { type: organizationStatuses, required: true },
    rejectReason: { type: 'string' },
    /** The owner's language when it applied: the review's mail is written in it. */
    lang: { type: ['ja', 'en'] as const, required: true },
    /** The last (re)application. */
    submittedAt: { type: 'string', required: true },
    reviewedAt: { type: 'string' },
    reviewedBy: { type: 'string' },
    /** Casts now (created minus removed), at most `organizations.castsMax`. */
    castCount: { type: 'number', required: true, default: 0 },
    version: { type: 'number', required: true },
    createdAt: { type: 'string', required: true, readOnly: true },
    updatedAt: { type: 'string', required: true },
  },
  indexes: {
    byId: {
      collection: 'organization',
      pk: { field: 'pk', composite: ['organizationId'], template: 'org#${organizationId}', casing: 'none' },
      sk: { field: 'sk', composite: [], template: 'org', casing: 'none' },
    },
    byStatus: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['status'], template: 'org-status#${status}', casing: 'none' },
      sk: { field: 'gsi1sk', composite: ['submittedAt'], template: '${submittedAt}', casing: 'none' },
    },
  },
});

/**
 * A cast of an organization, in the organization's partition (the owner's cast list is one Query;
 * nickname and status are read from the casts' profiles, their one source).
 */
export const OrgCast = new Entity({
  model: { entity: 'orgCast', version: '1', service: SERVICE },
  attributes: {
    organizationId: { type: 'string', required: true, readOnly: true },
    castId: { type: 'string', required: true, readOnly: true },
    createdAt: { type: 'string', required: true, readOnly: true },
  },
  indexes: {
    byOrganization: {
      collection: 'organization',
      pk: { field: 'pk', composite: ['organizationId'], template: 'org#${organizationId}', casing: 'none' },
      sk: { field: 'sk', composite: ['castId'], template: 'cast#${castId}', casing: 'none' },
    },
  },
});

/**
 * One write shard of one cast's sales in one JST month, in the organization's income partition
 * next to its totals (ADD only, like IncomeMonth): the owner's sales per cast read a month's shards
 * with one Query (`cast#<ym>#`).
 */
export const CastSalesMonth = new Entity({
  model: { entity: 'castSalesMonth', version: '1', service: SERVICE },
  attributes: {
    organizationId: { type: 'string', required: true, readOnly: true },
    ym: { type: 'string', required: true, readOnly: true },
    castId: { type: 'string', required: true, readOnly: true },
    shard: { type: 'string', required: true, readOnly: true },
    revenue: { type: 'number' },
    income: { type: 'number' },
    /** Sales (movements), not income rows: a sale paid with two point kinds counts once. */
    count: { type: 'number' },
  },
  indexes: {
    byOrganization: {
      // In the income partition, outside its ElectroDB collection (whose composite is `creatorId`).
      pk: {
        field: 'pk',
        composite: ['organizationId'],
        template: 'income#${organizationId}',
        casing: 'none',
      },
      sk: {
        field: 'sk',
        composite: ['ym', 'castId', 'shard'],
        template: 'cast#${ym}#${castId}#${shard}',
        casing: 'none',
      },
    },
  },
});

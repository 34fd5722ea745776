import { Entity } from 'electrodb';
import { SERVICE } from '../keys.ts';

/**
 * Console: stamps and campaigns (issue 17). The stamp catalogue, one partition (`catalog#stamps`):
 * the chat reads it whole in one Query (at most `admin.catalog.stampsMax` items) and keeps it in
 * Lambda memory. Seeded once from `chat.stamps` (services/catalog/console.ts `ensureSeeded`); never deleted, only
 * retired (`active` false: cannot be sent, old messages still show it). `version` moves on every
 * write, which the console conditions on.
 */
export const CatalogStamp = new Entity({
  model: { entity: 'catalogStamp', version: '1', service: SERVICE },
  attributes: {
    stampId: { type: 'string', required: true, readOnly: true },
    nameJa: { type: 'string', required: true },
    nameEn: { type: 'string', required: true },
    cost: { type: 'number', required: true },
    /** The uploaded picture (`media/stamp/…/full.webp`); absent: the bundled picture of its id. */
    picture: { type: 'string' },
    order: { type: 'number', required: true },
    active: { type: 'boolean', required: true },
    version: { type: 'number', required: true },
    createdAt: { type: 'string', required: true, readOnly: true },
    updatedAt: { type: 'string', required: true },
  },
  indexes: {
    byId: {
      pk: { field: 'pk', composite: [], template: 'catalog#stamps', casing: 'none' },
      sk: { field: 'sk', composite: ['stampId'], template: 'stamp#${stampId}', casing: 'none' },
    },
  },
});

/**
 * A campaign code (one partition `catalog#campaigns`, one item per code): the chat rate of the
 * creators registered with it while it runs (`active` and before `endsAt`). Registration reads
 * its code with GetItem; the ledger reads it through the catalogue's memory cache. Seeded once
 * from `rewards.campaignCode` with the stamps (one transaction).
 */
export const CatalogCampaign = new Entity({
  model: { entity: 'catalogCampaign', version: '1', service: SERVICE },
  attributes: {
    code: { type: 'string', required: true, readOnly: true },
    ratePercent: { type: 'number', required: true },
    endsAt: { type: 'string', required: true },
    active: { type: 'boolean', required: true },
    version: { type: 'number', required: true },
    createdAt: { type: 'string', required: true, readOnly: true },
    updatedAt: { type: 'string', required: true },
  },
  indexes: {
    byCode: {
      pk: { field: 'pk', composite: [], template: 'catalog#campaigns', casing: 'none' },
      sk: { field: 'sk', composite: ['code'], template: 'campaign#${code}', casing: 'none' },
    },
  },
});

/**
 * The catalogue's counters (one item, `catalog#meta`/`counts`): `stamps` is how many stamps the
 * table holds, retired ones included (stamps are never deleted, so retire and restore leave it).
 * A stamp create adds 1 in its own transaction on the condition `stamps < admin.catalog.stampsMax`,
 * so concurrent creates never pass the limit. Written by the seed with the configuration's count.
 */
export const CatalogCounts = new Entity({
  model: { entity: 'catalogCounts', version: '1', service: SERVICE },
  attributes: {
    stamps: { type: 'number', required: true },
    updatedAt: { type: 'string', required: true },
  },
  indexes: {
    byCatalog: {
      pk: { field: 'pk', composite: [], template: 'catalog#meta', casing: 'none' },
      sk: { field: 'sk', composite: [], template: 'counts', casing: 'none' },
    },
  },
});

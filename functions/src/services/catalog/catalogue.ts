/**
 * The stamp catalogue and the campaign codes (issue 17, console: stamps and campaigns), as every
 * reader sees them. The table decides once it holds the catalogue; until the first console action
 * stores the configuration's seed (seed.ts, one transaction), readers see the configuration. The
 * two never decide at once: the seed writes the configured campaign and stamps together, so the
 * configured campaign's item missing means "not seeded yet".
 *
 * Readers on the chat and ledger paths keep what they read in Lambda memory for
 * `admin.catalog.cacheSeconds` (by the injected clock, per table), so a send costs no read while
 * the cache is warm; a stamp's price is still checked in the send's own transaction.
 */
import { businessConfig } from '@app/shared/config';
import { type CampaignTerms, campaignRuns, configuredCampaign } from '@app/shared/ledger';
import type { RegistrationCampaignResponse } from '@app/shared/schemas/campaign';
import type { EntityItem } from 'electrodb';
import type { CatalogCampaign, CatalogStamp } from '../../db/entities/catalog.ts';
import type { Db } from '../../db/service.ts';
import type { Clock } from '../../lib/clock.ts';

const C = businessConfig.admin.catalog;

export type StampItem = EntityItem<typeof CatalogStamp>;
export type CampaignItem = EntityItem<typeof CatalogCampaign>;

export interface CatalogueStamp {
  id: string;
  name: { ja: string; en: string };
  cost: number;
  order: number;
  active: boolean;
  /** The uploaded picture's key; null: the bundled picture of the id. */
  picture: string | null;
  /** 0: the configuration's stamp, not stored yet. */
  version: number;
  updatedAt: string | null;
}

export interface CatalogueCampaign extends CampaignTerms {
  code: string;
  version: number;
  updatedAt: string | null;
}

export interface CatalogueDeps {
  db: Db;
  clock: Clock;
}

/** The configuration's stamps as catalogue entries (order by their place in the list). */
export function configuredStamps(): CatalogueStamp[] {
  return businessConfig.chat.stamps.map((s, i) => ({
    id: s.id,
    name: { ja: s.name.ja, en: s.name.en },
    cost: s.cost,
    order: (i + 1) * 10,
    active: true,
    picture: null,
    version: 0,
    updatedAt: null,
  }));
}

export const stampOf = (item: StampItem): CatalogueStamp => ({
  id: item.stampId,
  name: { ja: item.nameJa, en: item.nameEn },
  cost: item.cost,
  order: item.order,
  active: item.active,
  picture: item.picture ?? null,
  version: item.version,
  updatedAt: item.updatedAt,
});

export const campaignOf = (item: CampaignItem): CatalogueCampaign => ({
  code: item.code,
  ratePercent: item.ratePercent,
  endsAt: item.endsAt,
  active: item.active,
  version: item.version,
  updatedAt: item.updatedAt,
});

const byOrder = (a: CatalogueStamp, b: CatalogueStamp) => a.order - b.order || a.id.localeCompare(b.id);

/** The whole catalogue from the table (one Query; the configuration's while nothing is stored). */
export async function readStamps(db: Db, consistent = false): Promise<CatalogueStamp[]> {
  const { data } = await db.entities.catalogStamp.query.byId({}).go({ pages: 'all', consistent });
  const stamps = data.length ? data.map(stampOf) : configuredStamps();
  return stamps.sort(byOrder);
}

/** One campaign from the table (the configured one while nothing is stored); null: unknown code. */
export async function readCampaign(
  db: Db,
  code: string,
  consistent = false,
): Promise<CatalogueCampaign | null> {
  const { data } = await db.entities.catalogCampaign.get({ code }).go({ consistent });
  if (data) return campaignOf(data);
  const configured = configuredCampaign();
  return code === configured.code ? { ...configured, version: 0, updatedAt: null } : null;
}

// ---------------------------------------------------------------------------------------------
// The memory cache (per table, so tests with their own table get their own)

interface Cached<T> {
  at: number;
  value: T;
}
interface TableCache {
  stamps?: Cached<CatalogueStamp[]>;
  campaigns: Map<string, Cached<CatalogueCampaign | null>>;
}
const caches = new WeakMap<Db, TableCache>();

function cacheOf(db: Db): TableCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = { campaigns: new Map() };
    caches.set(db, cache);
  }
  return cache;
}

/** Fresh: read at most `cacheSeconds` ago by the clock (a clock moved back reads again). */
function fresh<T>(entry: Cached<T> | undefined, now: number): entry is Cached<T> {
  return !!entry && now >= entry.at && now - entry.at < C.cacheSeconds * 1000;
}

/** The catalogue as the chat sees it, at most `cacheSeconds` old. */
export async function catalogueStamps(deps: CatalogueDeps): Promise<CatalogueStamp[]> {
  const cache = cacheOf(deps.db);
  const now = deps.clock.now().getTime();
  if (fresh(cache.stamps, now)) return cache.stamps.value;
  const value = await readStamps(deps.db);
  cache.stamps = { at: now, value };
  return value;
}

/** A campaign as the ledger and the income summary see it, at most `cacheSeconds` old. */
export async function cachedCampaign(deps: CatalogueDeps, code: string): Promise<CatalogueCampaign | null> {
  const cache = cacheOf(deps.db);
  const now = deps.clock.now().getTime();
  const entry = cache.campaigns.get(code);
  if (fresh(entry, now)) return entry.value;
  const value = await readCampaign(deps.db, code);
  cache.campaigns.set(code, { at: now, value });
  return value;
}

/** Drops what this Lambda remembers (a send found the stamp changed). */
export function forgetCatalogue(db: Db): void {
  caches.delete(db);
}

/**
 * The registration campaign the public pages announce: the configuration's code as the table holds
 * it (its rate and end may have been edited, or it ended), through the memory cache; null when it
 * does not run.
 */
export async function registrationCampaign(deps: CatalogueDeps): Promise<RegistrationCampaignResponse> {
  const campaign = await cachedCampaign(deps, configuredCampaign().code);
  if (!campaign || !campaignRuns(campaign, deps.clock.now())) return { campaign: null };
  return { campaign: { rate_percent: campaign.ratePercent, ends_at: campaign.endsAt } };
}

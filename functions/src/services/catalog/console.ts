/**
 * Console: stamps and campaigns (issue 17). Operators list, create, edit, retire and restore
 * stamps, and create, edit and end campaign codes. Every write is conditioned on the `version`
 * the operator read (or on the item not existing, for a create) and carries its audit entry in
 * the same transaction. The first action stores the configuration's catalogue (`ensureSeeded`).
 */
import { businessConfig } from '@app/shared/config';
import { type CampaignTerms, campaignRuns, configuredCampaign } from '@app/shared/ledger';
import { mediaPurposes } from '@app/shared/media';
import { ADMIN_PAGE_SIZE, type AuditAction } from '@app/shared/schemas/admin';
import type {
  AdminCampaignPage,
  AdminCampaignView,
  AdminStampList,
  AdminStampView,
  CampaignCreateRequest,
  CampaignEndRequest,
  CampaignUpdateRequest,
  StampCreateRequest,
  StampStateRequest,
  StampUpdateRequest,
} from '@app/shared/schemas/admin-catalog';
import { V } from '@app/shared/validation';
import type { TransactionItem } from 'electrodb';
import { isConditionFailure } from '../../db/errors.ts';
import type { Db } from '../../db/service.ts';
import type { ProfileItem } from '../../lib/auth.ts';
import { AppError, fieldError } from '../../lib/errors.ts';
import { type AuditInput, auditCommit } from '../admin/audit.ts';
import { processUpload } from '../media/check.ts';
import { deletePicture } from '../media/cleanup.ts';
import { discardUpload, type MediaDeps, type UploadTarget, uploadTarget } from '../media/pipeline.ts';
import { mediaUrl } from '../social/cards.ts';
import {
  type CatalogueCampaign,
  type CatalogueDeps,
  type CatalogueStamp,
  campaignOf,
  configuredStamps,
  forgetCatalogue,
  readCampaign,
  readStamps,
  stampOf,
} from './catalogue.ts';

const C = businessConfig.admin.catalog;

export type CatalogConsoleDeps = CatalogueDeps & MediaDeps;
type Operator = AuditInput['actor'];

export const operatorOf = (profile: ProfileItem): Operator => profile;

// ---------------------------------------------------------------------------------------------
// Writing the catalogue

type TxEntities = Parameters<Parameters<Db['transaction']['write']>[0]>[0];
type TxWrites = ReturnType<Parameters<Db['transaction']['write']>[0]>;

/** Tries of a transaction DynamoDB cancelled for a concurrent one on the same item (not a condition). */
const CONFLICT_TRIES = 8;

/**
 * The one way the console writes the catalogue: the items an action writes (`writes`), then its
 * audit entry, in one transaction. Another transaction on the same item at the same moment (the
 * stamp counter under concurrent creates) is retried; a failed condition is not. Null: written;
 * else which of `writes` failed its condition (the audit entry last).
 */
async function writeAudited(
  deps: CatalogueDeps,
  now: Date,
  writes: (tx: TxEntities) => TxWrites,
  entry: AuditInput,
): Promise<boolean[] | null> {
  for (let attempt = 1; ; attempt++) {
    const result = await deps.db.transaction.write((tx) => [...writes(tx), auditCommit(tx, now, entry)]).go();
    if (!result.canceled) {
      // This Lambda reads its own write at once (others within `cacheSeconds`).
      forgetCatalogue(deps.db);
      return null;
    }
    const reasons = (result.data as TransactionItem<unknown>[]).map((r) => r.code);
    const conflictOnly =
      reasons.includes('TransactionConflict') && !reasons.includes('ConditionalCheckFailed');
    if (!conflictOnly || attempt >= CONFLICT_TRIES)
      return reasons.map((code) => code === 'ConditionalCheckFailed');
    await new Promise((resolve) => setTimeout(resolve, 10 + Math.random() * 20 * attempt));
  }
}

/** A stamp's stored attributes (all but its id and creation time). */
const stampAttributes = (s: CatalogueStamp, version: number, updatedAt: string) => ({
  nameJa: s.name.ja,
  nameEn: s.name.en,
  cost: s.cost,
  order: s.order,
  active: s.active,
  ...(s.picture ? { picture: s.picture } : {}),
  version,
  updatedAt,
});

/** A campaign's stored attributes (all but its code and creation time). */
const campaignAttributes = (c: CampaignTerms, version: number, updatedAt: string) => ({
  ratePercent: c.ratePercent,
  endsAt: c.endsAt,
  active: c.active,
  version,
  updatedAt,
});

// ---------------------------------------------------------------------------------------------
// The seed

/** Tables known to hold the catalogue (a seeded table stays seeded). */
const seeded = new WeakSet<object>();

/**
 * Stores the configuration's stamps and campaign once, in one transaction with its audit entry
 * and the stamp counter: every item is created only where none exists, so concurrent first
 * actions store it once (the others' transactions are cancelled and find it stored).
 */
export async function ensureSeeded(deps: CatalogueDeps, operator: Operator): Promise<void> {
  if (seeded.has(deps.db)) return;
  const configured = configuredCampaign();
  for (let attempt = 1; ; attempt++) {
    const { data } = await deps.db.entities.catalogCampaign
      .get({ code: configured.code })
      .go({ consistent: true });
    if (data) break;
    const now = deps.clock.now();
    const iso = now.toISOString();
    const stamps = configuredStamps();
    const refused = await writeAudited(
      deps,
      now,
      (tx) => [
        ...stamps.map((s) =>
          tx.catalogStamp.create({ stampId: s.id, ...stampAttributes(s, 1, iso), createdAt: iso }).commit(),
        ),
        tx.catalogCampaign
          .create({ code: configured.code, ...campaignAttributes(configured, 1, iso), createdAt: iso })
          .commit(),
        tx.catalogCounts.create({ stamps: stamps.length, updatedAt: iso }).commit(),
      ],
      {
        actor: operator,
        action: 'catalog.seed',
        targetType: 'catalog',
        targetId: 'catalog',
        after: { stamps: stamps.map((s) => s.id), campaigns: [configured.code] },
        key: 'catalog-seed',
      },
    );
    if (!refused) break;
    if (attempt >= 3) throw new AppError('too_many_requests', 'catalogue seed kept conflicting');
  }
  await ensureStampCounter(deps);
  seeded.add(deps.db);
}

/**
 * A table seeded before the stamp counter existed gets it once, with the stamps it holds (the
 * counter's create is conditional: of concurrent first actions one stores it).
 */
async function ensureStampCounter(deps: CatalogueDeps): Promise<void> {
  const { data } = await deps.db.entities.catalogCounts.get({}).go({ consistent: true });
  if (data) return;
  const { data: stamps } = await deps.db.entities.catalogStamp.query
    .byId({})
    .go({ pages: 'all', consistent: true, attributes: ['stampId'] });
  try {
    await deps.db.entities.catalogCounts
      .create({ stamps: stamps.length, updatedAt: deps.clock.now().toISOString() })
      .go();
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// Stamps

export function stampView(s: CatalogueStamp): AdminStampView {
  return {
    id: s.id,
    name: s.name,
    cost: s.cost,
    order: s.order,
    active: s.active,
    picture_url: mediaUrl(s.picture),
    version: s.version,
    updated_at: s.updatedAt,
  };
}

export async function listStamps(deps: CatalogueDeps, operator: Operator): Promise<AdminStampList> {
  await ensureSeeded(deps, operator);
  const stamps = await readStamps(deps.db, true);
  return { stamps: stamps.map(stampView), stamps_max: C.stampsMax };
}

export function stampPictureUploadUrl(
  deps: MediaDeps,
  operator: Operator,
  contentType: string,
): Promise<UploadTarget> {
  return uploadTarget(deps, mediaPurposes.stamp, contentType, operator.profileId);
}

/** Checks and re-encodes an operator's upload (its own: the key names the operator). */
async function processPicture(deps: CatalogConsoleDeps, operator: Operator, uploadKey: string) {
  if (!uploadKey.startsWith(`uploads/${mediaPurposes.stamp.folder}/${operator.profileId}-`))
    throw fieldError('picture_upload_key', V.stampPicture);
  return processUpload(deps, mediaPurposes.stamp, uploadKey, 'catalog', 'picture_upload_key');
}

async function readStamp(deps: CatalogueDeps, id: string): Promise<CatalogueStamp> {
  const { data } = await deps.db.entities.catalogStamp.get({ stampId: id }).go({ consistent: true });
  if (!data) throw new AppError('stamp_not_found');
  return stampOf(data);
}

/** The fields an action changed, for the audit entry. */
function changed<T extends Record<string, unknown>>(before: T, after: T) {
  const keys = Object.keys(after).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
  return {
    before: Object.fromEntries(keys.map((k) => [k, before[k]])),
    after: Object.fromEntries(keys.map((k) => [k, after[k]])),
  };
}

const auditedStamp = (s: CatalogueStamp) => ({
  name_ja: s.name.ja,
  name_en: s.name.en,
  cost: s.cost,
  order: s.order,
  active: s.active,
  picture: s.picture,
});

/** How many stamps the table holds (retired included), as the counter has it. */
async function stampCount(deps: CatalogueDeps): Promise<number> {
  const { data } = await deps.db.entities.catalogCounts.get({}).go({ consistent: true });
  return data?.stamps ?? 0;
}

/**
 * A new stamp. The limit is on every stamp the table holds, retired ones included (the chat reads
 * them all in one Query; stamps are never deleted): the create adds 1 to the counter in its own
 * transaction, on the condition that the counter is below `stampsMax`.
 */
export async function createStamp(
  deps: CatalogConsoleDeps,
  operator: Operator,
  input: StampCreateRequest & { id: string; name_ja: string; name_en: string },
): Promise<{ stamp: AdminStampView }> {
  await ensureSeeded(deps, operator);
  // Refused early, before the picture is processed; the transaction below decides.
  const { data: existing } = await deps.db.entities.catalogStamp
    .get({ stampId: input.id })
    .go({ consistent: true });
  if (existing) throw new AppError('stamp_exists');
  if ((await stampCount(deps)) >= C.stampsMax) throw new AppError('stamps_full');
  const processed = await processPicture(deps, operator, input.picture_upload_key);
  const now = deps.clock.now();
  const iso = now.toISOString();
  const stamp: CatalogueStamp = {
    id: input.id,
    name: { ja: input.name_ja, en: input.name_en },
    cost: input.cost,
    order: input.order,
    active: true,
    picture: processed.key,
    version: 1,
    updatedAt: iso,
  };
  const refused = await writeAudited(
    deps,
    now,
    (tx) => [
      tx.catalogStamp
        .create({ stampId: stamp.id, ...stampAttributes(stamp, 1, iso), createdAt: iso })
        .commit(),
      tx.catalogCounts
        .patch({})
        .add({ stamps: 1 })
        .set({ updatedAt: iso })
        .where((a, op) => op.lt(a.stamps, C.stampsMax as number))
        .commit(),
    ],
    {
      actor: operator,
      action: 'stamp.create',
      targetType: 'stamp',
      targetId: stamp.id,
      after: auditedStamp(stamp),
    },
  );
  if (refused) {
    await deps.media.deletePrefix(processed.folder).catch(() => undefined);
    if (refused[0]) throw new AppError('stamp_exists');
    if (refused[1]) throw new AppError('stamps_full');
    throw new AppError('admin_conflict');
  }
  await discardUpload(deps, input.picture_upload_key).catch(() => undefined);
  return { stamp: stampView(stamp) };
}

/** Writes a stamp's new fields if its version is still `version`, with the audit entry. */
async function writeStamp(
  deps: CatalogueDeps,
  operator: Operator,
  current: CatalogueStamp,
  version: number,
  next: CatalogueStamp,
  action: AuditAction,
): Promise<boolean> {
  const now = deps.clock.now();
  const refused = await writeAudited(
    deps,
    now,
    (tx) => [
      tx.catalogStamp
        .patch({ stampId: current.id })
        .set(stampAttributes(next, version + 1, now.toISOString()))
        .where((a, op) => op.eq(a.version, version))
        .commit(),
    ],
    {
      actor: operator,
      action,
      targetType: 'stamp',
      targetId: current.id,
      ...changed(auditedStamp(current), auditedStamp(next)),
    },
  );
  return !refused;
}

export async function updateStamp(
  deps: CatalogConsoleDeps,
  operator: Operator,
  input: StampUpdateRequest & { id: string; name_ja: string; name_en: string },
): Promise<{ stamp: AdminStampView }> {
  await ensureSeeded(deps, operator);
  const current = await readStamp(deps, input.id);
  if (current.version !== input.version) throw new AppError('admin_conflict');
  const processed = input.picture_upload_key
    ? await processPicture(deps, operator, input.picture_upload_key)
    : null;
  const next: CatalogueStamp = {
    ...current,
    name: { ja: input.name_ja, en: input.name_en },
    cost: input.cost,
    order: input.order,
    picture: processed?.key ?? current.picture,
    version: input.version + 1,
    updatedAt: deps.clock.now().toISOString(),
  };
  if (!(await writeStamp(deps, operator, current, input.version, next, 'stamp.update'))) {
    if (processed) await deps.media.deletePrefix(processed.folder).catch(() => undefined);
    throw new AppError('admin_conflict');
  }
  if (processed && input.picture_upload_key) {
    await Promise.all([
      deletePicture(deps, current.picture),
      discardUpload(deps, input.picture_upload_key).catch(() => undefined),
    ]);
  }
  return { stamp: stampView(next) };
}

/** Retire (cannot be sent any more; old messages still show it) or restore a stamp. */
export async function setStampActive(
  deps: CatalogueDeps,
  operator: Operator,
  input: StampStateRequest,
  active: boolean,
): Promise<{ stamp: AdminStampView }> {
  await ensureSeeded(deps, operator);
  const current = await readStamp(deps, input.id);
  if (current.version !== input.version || current.active === active) throw new AppError('admin_conflict');
  const next = { ...current, active, version: input.version + 1, updatedAt: deps.clock.now().toISOString() };
  const ok = await writeStamp(
    deps,
    operator,
    current,
    input.version,
    next,
    active ? 'stamp.restore' : 'stamp.retire',
  );
  if (!ok) throw new AppError('admin_conflict');
  return { stamp: stampView(next) };
}

// ---------------------------------------------------------------------------------------------
// Campaigns

export function campaignView(c: CatalogueCampaign, now: Date): AdminCampaignView {
  return {
    code: c.code,
    rate_percent: c.ratePercent,
    ends_at: c.endsAt,
    state: campaignRuns(c, now) ? 'running' : 'ended',
    active: c.active,
    version: c.version,
    updated_at: c.updatedAt,
  };
}

/** The codes, one page at a time (code order). */
export async function listCampaigns(
  deps: CatalogueDeps,
  operator: Operator,
  cursor: string | undefined,
): Promise<AdminCampaignPage> {
  await ensureSeeded(deps, operator);
  const page = await deps.db.entities.catalogCampaign.query
    .byCode({})
    .go({ limit: ADMIN_PAGE_SIZE, consistent: true, ...(cursor ? { cursor } : {}) });
  const now = deps.clock.now();
  return {
    campaigns: page.data.map((c) => campaignView(campaignOf(c), now)),
    next_cursor: page.cursor ?? null,
  };
}

/** An instant later than now, stored as UTC ISO. */
function futureInstant(value: string, now: Date): string {
  const at = Date.parse(value);
  if (!Number.isFinite(at) || at <= now.getTime()) throw fieldError('ends_at', V.campaignEndsAt);
  return new Date(at).toISOString();
}

const auditedCampaign = (c: CatalogueCampaign) => ({
  rate_percent: c.ratePercent,
  ends_at: c.endsAt,
  active: c.active,
});

export async function createCampaign(
  deps: CatalogueDeps,
  operator: Operator,
  input: CampaignCreateRequest,
): Promise<{ campaign: AdminCampaignView }> {
  await ensureSeeded(deps, operator);
  const now = deps.clock.now();
  const iso = now.toISOString();
  const campaign: CatalogueCampaign = {
    code: input.code,
    ratePercent: input.rate_percent,
    endsAt: futureInstant(input.ends_at, now),
    active: true,
    version: 1,
    updatedAt: iso,
  };
  // Unique codes: the create's condition (no item with this code) decides between concurrent ones.
  const refused = await writeAudited(
    deps,
    now,
    (tx) => [
      tx.catalogCampaign
        .create({ code: campaign.code, ...campaignAttributes(campaign, 1, iso), createdAt: iso })
        .commit(),
    ],
    {
      actor: operator,
      action: 'campaign.create',
      targetType: 'campaign',
      targetId: campaign.code,
      after: auditedCampaign(campaign),
    },
  );
  if (refused) throw new AppError('campaign_exists');
  return { campaign: campaignView(campaign, now) };
}

async function readStoredCampaign(deps: CatalogueDeps, code: string): Promise<CatalogueCampaign> {
  const campaign = await readCampaign(deps.db, code, true);
  if (!campaign || campaign.version === 0) throw new AppError('campaign_not_found');
  return campaign;
}

async function writeCampaign(
  deps: CatalogueDeps,
  operator: Operator,
  current: CatalogueCampaign,
  version: number,
  next: CatalogueCampaign,
  action: AuditAction,
): Promise<void> {
  const now = deps.clock.now();
  const refused = await writeAudited(
    deps,
    now,
    (tx) => [
      tx.catalogCampaign
        .patch({ code: current.code })
        .set(campaignAttributes(next, version + 1, now.toISOString()))
        .where((a, op) => op.eq(a.version, version))
        .commit(),
    ],
    {
      actor: operator,
      action,
      targetType: 'campaign',
      targetId: current.code,
      ...changed(auditedCampaign(current), auditedCampaign(next)),
    },
  );
  if (refused) throw new AppError('admin_conflict');
}

/** New rate or end date (a later end makes an ended campaign run again, as an operator decides). */
export async function updateCampaign(
  deps: CatalogueDeps,
  operator: Operator,
  input: CampaignUpdateRequest,
): Promise<{ campaign: AdminCampaignView }> {
  await ensureSeeded(deps, operator);
  const current = await readStoredCampaign(deps, input.code);
  if (current.version !== input.version) throw new AppError('admin_conflict');
  const now = deps.clock.now();
  const next: CatalogueCampaign = {
    ...current,
    ratePercent: input.rate_percent,
    endsAt: futureInstant(input.ends_at, now),
    active: true,
    version: input.version + 1,
    updatedAt: now.toISOString(),
  };
  await writeCampaign(deps, operator, current, input.version, next, 'campaign.update');
  return { campaign: campaignView(next, now) };
}

/** Ends a running campaign now: registration refuses its code, chat earns the usual rate. */
export async function endCampaign(
  deps: CatalogueDeps,
  operator: Operator,
  input: CampaignEndRequest,
): Promise<{ campaign: AdminCampaignView }> {
  await ensureSeeded(deps, operator);
  const current = await readStoredCampaign(deps, input.code);
  const now = deps.clock.now();
  if (current.version !== input.version || !campaignRuns(current, now)) throw new AppError('admin_conflict');
  const next: CatalogueCampaign = {
    ...current,
    endsAt: now.toISOString(),
    active: false,
    version: input.version + 1,
    updatedAt: now.toISOString(),
  };
  await writeCampaign(deps, operator, current, input.version, next, 'campaign.end');
  return { campaign: campaignView(next, now) };
}

/**
 * The point ledger: every movement (purchase, grant, spend, expiry, reversal) is one DynamoDB
 * transaction that writes the lots, an append-only double-entry journal keyed by the movement's
 * idempotency key, the holder's point-log row and, for spends, the payee's income. Conditions make
 * a negative lot, a spend of an expired lot and a double spend impossible; a cancelled spend is
 * re-read and retried with jitter.
 */
import { businessConfig } from '@app/shared/config';
import {
  type CampaignTerms,
  campaignRateAt,
  incomeOf,
  type LotState,
  type LotTake,
  lotExpiry,
  mergeTakes,
  PAYMENT_TYPE,
  partsOf,
  planShares,
  rewardRate,
  type SpendPart,
  type SpendRule,
} from '@app/shared/ledger';
import type { IncomeRowView } from '@app/shared/schemas/business';
import type { PointKind, PointLogDetail, PointLogType, SpendPurpose } from '@app/shared/schemas/points';
import { POINT_LOG_TYPE } from '@app/shared/schemas/points';
import { jstDate, jstMonth } from '@app/shared/time';
import type { EntityItem } from 'electrodb';
import { type TypedTotalField, typedTotalsAdd } from '../../db/entities/income.ts';
import { type Lot, lotKeyOf } from '../../db/entities/lot.ts';
import type { Db } from '../../db/service.ts';
import type { Clock } from '../../lib/clock.ts';
import { sha256, shardOf, timeId } from '../../lib/crypto.ts';
import { AppError } from '../../lib/errors.ts';

const P = businessConfig.points;

export interface LedgerDeps {
  db: Db;
  clock: Clock;
}

type WriteFn = Parameters<Db['transaction']['write']>[0];
export type TxEntities = Parameters<WriteFn>[0];
export type TxItems = ReturnType<WriteFn>;
/** Items a caller adds to a movement's transaction (the chat message, the payment state…). */
export type ExtraItems = (entities: TxEntities) => TxItems;

export type LotItem = EntityItem<typeof Lot>;

export function lotState(item: LotItem): LotState {
  return {
    key: item.lotKey,
    kind: item.kind,
    issuerId: item.issuerId ?? null,
    expiresAt: item.expiresAt,
    balance: item.balance,
  };
}

/** Every lot of a holder, expired ones included (callers filter with `isLive`). */
export async function readLots(db: Db, holderId: string, consistent = true): Promise<LotItem[]> {
  const { data } = await db.entities.lot.query.byHolder({ holderId }).go({ pages: 'all', consistent });
  return data;
}

const walletAccount = (holderId: string, kind: string, issuerId: string | null | undefined) =>
  `wallet:${holderId}:${kind}${kind === 'original' ? `:${issuerId}` : ''}`;

/** Point-log parts as stored (no issuer attribute for mushrooms and leaves). */
const partItems = (parts: readonly SpendPart[]) =>
  parts.map((p) => ({ kind: p.kind, ...(p.issuerId ? { issuerId: p.issuerId } : {}), points: p.points }));

function sharedFields(now: Date) {
  return { createdAt: now.toISOString() };
}

// ---------------------------------------------------------------------------------------------
// Expiry markers

/**
 * Tells the expiry job that the holder has lots expiring on `expiryDate` (a JST date). Called
 * before the transaction that credits such a lot, so no committed lot lacks its marker; a marker
 * left by a cancelled credit only costs the job one wallet read. A plain put: idempotent.
 */
export async function markExpiry(db: Db, holderId: string, expiryDate: string): Promise<void> {
  await db.entities.expiryMarker
    .put({ expiryDate, shard: shardOf(holderId, P.expiryShards), holderId })
    .go({ response: 'none' });
}

// ---------------------------------------------------------------------------------------------
// Credits: purchases and grants

export interface CreditInput {
  holderId: string;
  kind: PointKind;
  /** Original points: the issuing creator. */
  issuerId?: string;
  points: number;
  /** The movement's idempotency key; also the new lot's id. */
  txId: string;
  /** Default: lotDays after now. Never later than that for paid lots. */
  expiresAt?: Date;
  log: { type: Extract<PointLogType, 3 | 4>; detail: PointLogDetail; counterpartyId?: string; yen?: number };
  journalKind: 'purchase' | 'grant';
  extra?: ExtraItems;
}

export interface CreditResult {
  txId: string;
  lotKey: string;
  expiresAt: string;
  logId: string;
  /** False when the transaction was cancelled (already credited, or an extra condition failed). */
  committed: boolean;
}

export async function credit(deps: LedgerDeps, input: CreditInput): Promise<CreditResult> {
  const { holderId, kind, points, txId } = input;
  if (!Number.isInteger(points) || points <= 0) throw new Error('credit needs a positive integer');
  if ((kind === 'original') !== Boolean(input.issuerId)) throw new Error('original points need an issuer');
  const now = deps.clock.now();
  const expiresAt = (input.expiresAt ?? lotExpiry(now)).toISOString();
  const issuerId = input.issuerId ?? null;
  const lotKey = lotKeyOf(kind, issuerId, expiresAt, txId);
  const logId = timeId(now);
  const source =
    input.journalKind === 'purchase' ? 'sales:mushroom' : `grants:${kind}${issuerId ? `:${issuerId}` : ''}`;
  const expiryDate = jstDate(new Date(expiresAt));
  await markExpiry(deps.db, holderId, expiryDate);
  const result = await deps.db.transaction
    .write((e) => [
      e.lot
        .create({
          holderId,
          lotKey,
          lotId: txId,
          kind,
          ...(issuerId ? { issuerId } : {}),
          expiresAt,
          expiryDate,
          shard: shardOf(holderId, P.expiryShards),
          initial: points,
          balance: points,
          txId,
          createdAt: now.toISOString(),
        })
        .commit(),
      e.journal
        .create({
          txId,
          kind: input.journalKind,
          holderId,
          lines: [
            { account: source, amount: -points },
            { account: walletAccount(holderId, kind, issuerId), amount: points },
          ],
          points,
          logId,
          ...sharedFields(now),
        })
        .commit(),
      e.pointLog
        .create({
          holderId,
          logId,
          type: input.log.type,
          detail: input.log.detail,
          points,
          parts: partItems([{ kind, issuerId, points }]),
          ...(input.log.counterpartyId ? { counterpartyId: input.log.counterpartyId } : {}),
          ...(input.log.yen !== undefined ? { yen: input.log.yen } : {}),
          txId,
          createdAt: now.toISOString(),
        })
        .commit(),
      ...(input.extra ? input.extra(e) : []),
    ])
    .go();
  return { txId, lotKey, expiresAt, logId, committed: !result.canceled };
}

// ---------------------------------------------------------------------------------------------
// Spends

/** One payee's part of a spend: what is paid to whom, for what. */
export interface SpendShare {
  payeeId: string;
  points: number;
  /** What is bought from this payee (an order line, a message…): the income rows name it. */
  target: string;
  /**
   * How the creator's income rows name what was bought: a chat message, a stamp (its catalogue
   * id), an item or fan club (its name). Absent: the kind follows the purpose, without a name.
   */
  label?: { kind: IncomeRowView['target']['kind']; name?: string };
  /**
   * The campaign of the code the payee registered with, as the catalogue holds it (the caller
   * reads it through the catalogue's cache): its chat rate applies while it runs at spend time.
   */
  payeeCampaign?: CampaignTerms | null;
  /**
   * The payee's organization when the caller read the payee's profile anyway (null: none); absent,
   * `spend()` reads it (a cast's sale is its organization's income, issue 16).
   */
  payeeOrganizationId?: string | null;
}

interface SpendCommon {
  holderId: string;
  purpose: SpendPurpose;
  /** Idempotency key of the movement (e.g. hash of the fan and the client's uuid). */
  txId: string;
  /** What is bought: chatroom/message, item, order, fan club period… (replays read it back). */
  target: string;
  /** Chat: false when the creator rejects free points. */
  allowLeaves?: boolean;
  /** Items, stamps, fan clubs: use each payee's original points first (for that payee's share). */
  useOriginal?: boolean;
  extra?: ExtraItems;
  /**
   * Called after a cancelled attempt that was no replay, before the next one: the caller reads
   * again what its `extra` items depend on (a chat room created meanwhile), or throws its refusal.
   */
  beforeRetry?: () => Promise<void>;
}

export interface SpendInput extends SpendCommon {
  payeeId: string;
  points: number;
  label?: SpendShare['label'];
  payeeCampaign?: CampaignTerms | null;
  payeeOrganizationId?: string | null;
}

/** A movement paying several payees at once (a cart of several shops): one transaction. */
export interface SharedSpendInput extends SpendCommon {
  shares: readonly SpendShare[];
}

export interface SpendResult {
  txId: string;
  logId: string;
  points: number;
  parts: SpendPart[];
  /** True when this txId had already been spent (an idempotent replay). */
  replayed: boolean;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The hash of what a movement asks; a single payee keeps the form older journal items carry. */
function spendHash(input: SharedSpendInput): string {
  const [only] = input.shares;
  if (input.shares.length === 1 && only)
    return sha256(JSON.stringify([input.holderId, input.purpose, only.payeeId, only.points, input.target]));
  return sha256(
    JSON.stringify([
      input.holderId,
      input.purpose,
      input.target,
      input.shares.map((s) => [s.payeeId, s.points, s.target]),
    ]),
  );
}

async function replayOf(db: Db, input: SharedSpendInput): Promise<SpendResult | null> {
  const { data } = await db.entities.journal.get({ txId: input.txId }).go({ consistent: true });
  if (!data) return null;
  if (data.requestHash !== spendHash(input)) throw new AppError('idempotency_mismatch');
  return {
    txId: data.txId,
    logId: data.logId,
    points: data.points,
    parts: partsOf(
      (data.lots ?? []).map((l) => ({
        lot: { kind: l.kind as PointKind, issuerId: l.issuerId ?? null },
        points: l.points,
      })),
    ),
    replayed: true,
  };
}

/**
 * Spends `points` from the holder's live lots in the order of DECISIONS.md and credits the payee's
 * income, in one transaction with the caller's extra items. Throws `insufficient_points` when the
 * usable balance is short; a replay of the same txId returns the first result.
 */
export function spend(deps: LedgerDeps, input: SpendInput): Promise<SpendResult> {
  const { payeeId, points, label, payeeCampaign, payeeOrganizationId, ...common } = input;
  return spendShares(deps, {
    ...common,
    shares: [
      {
        payeeId,
        points,
        target: input.target,
        ...(label ? { label } : {}),
        ...(payeeCampaign !== undefined ? { payeeCampaign } : {}),
        ...(payeeOrganizationId !== undefined ? { payeeOrganizationId } : {}),
      },
    ],
  });
}

/**
 * `spend` for several payees: each share is paid from the holder's lots with its payee's rule
 * (`planShares`), every payee's income is written, all in one transaction.
 */
export async function spendShares(deps: LedgerDeps, input: SharedSpendInput): Promise<SpendResult> {
  if (input.shares.length === 0) throw new Error('a spend needs a share');
  for (const share of input.shares) {
    if (!Number.isInteger(share.points) || share.points <= 0)
      throw new Error('spend needs a positive integer');
    if (input.holderId === share.payeeId) throw new AppError('forbidden', 'cannot pay oneself');
  }
  const rules = input.shares.map(
    (share): SpendRule => ({
      purpose: input.purpose,
      payeeId: share.payeeId,
      allowLeaves: input.allowLeaves ?? true,
      useOriginal: input.purpose === 'chat' ? true : (input.useOriginal ?? false),
    }),
  );
  const earners = await earnersOf(deps.db, input.shares);
  for (let attempt = 1; ; attempt++) {
    const now = deps.clock.now();
    const lots = await readLots(deps.db, input.holderId);
    const plans = planShares(
      lots.map(lotState),
      input.shares.map((share, i) => ({ points: share.points, rule: rules[i] as SpendRule })),
      now,
    );
    // The journal is read only when needed: its put's condition already stops a second spend.
    if (!plans) {
      const replay = await replayOf(deps.db, input);
      if (replay) return replay;
      throw new AppError('insufficient_points');
    }
    if (mergeTakes(plans).length > P.maxLotsPerSpend) throw new AppError('points_fragmented');
    const outcome = await writeSpend(deps, input, plans, now, earners);
    if ('txId' in outcome) return outcome;
    // Cancelled: this txId was spent already (a replay), a concurrent movement won the lots, or
    // one of the caller's items failed its condition (sold out…: `beforeRetry` throws the refusal).
    if (outcome.journalRejected || !outcome.extraRejected) {
      const replay = await replayOf(deps.db, input);
      if (replay) return replay;
    }
    if (attempt >= P.spendAttempts) throw new AppError('too_many_requests', 'spend kept conflicting');
    if (!outcome.extraRejected) await sleep(Math.random() * 20 * 2 ** attempt);
    await input.beforeRetry?.();
  }
}

/**
 * Whose income each payee's sale is: the payee's own, or for a cast (issue 16) its organization's
 * (the owner's profile id, which is the organization's id). What the caller did not say is read in
 * one eventually consistent BatchGet: a cast's organization is set at its creation, never changed.
 */
async function earnersOf(db: Db, shares: readonly SpendShare[]): Promise<Map<string, string>> {
  const earners = new Map(shares.map((s) => [s.payeeId, s.payeeOrganizationId ?? s.payeeId]));
  const unknown = [
    ...new Set(shares.filter((s) => s.payeeOrganizationId === undefined).map((s) => s.payeeId)),
  ];
  if (unknown.length === 0) return earners;
  const { data } = await db.entities.profile
    .get(unknown.map((profileId) => ({ profileId })))
    .go({ attributes: ['profileId', 'organizationId'] });
  for (const p of data) if (p.organizationId) earners.set(p.profileId, p.organizationId);
  return earners;
}

async function writeSpend(
  deps: LedgerDeps,
  input: SharedSpendInput,
  plans: LotTake[][],
  now: Date,
  earners: ReadonlyMap<string, string>,
): Promise<SpendResult | { journalRejected: boolean; extraRejected: boolean }> {
  const earnerOf = (payeeId: string) => earners.get(payeeId) ?? payeeId;
  const { holderId, txId } = input;
  const nowIso = now.toISOString();
  const logId = timeId(now);
  const takes = mergeTakes(plans);
  const parts = partsOf(takes);
  const ym = jstMonth(now);
  const total = input.shares.reduce((s, share) => s + share.points, 0);
  const shares = input.shares.map((share, i) => {
    const campaignRate = campaignRateAt(share.payeeCampaign, now);
    const incomes = partsOf(plans[i] as LotTake[]).map((part) => ({
      part,
      ...incomeOf(part.points, rewardRate(input.purpose, part.kind, campaignRate)),
    }));
    const sum = (k: 'revenue' | 'fee' | 'income') => incomes.reduce((s, x) => s + x[k], 0);
    return { share, incomes, revenue: sum('revenue'), fee: sum('fee'), income: sum('income') };
  });
  // One income line per earner (summed over shares), one platform fee line. A cast's earner is
  // its organization; the cast's own share of the month goes to its sales shard as well.
  const incomeByEarner = new Map<string, number>();
  for (const s of shares) {
    const earner = earnerOf(s.share.payeeId);
    incomeByEarner.set(earner, (incomeByEarner.get(earner) ?? 0) + s.income);
  }
  const monthByEarner = new Map<string, { revenue: number; fee: number; income: number }>();
  const castSales = new Map<string, { organizationId: string; revenue: number; income: number }>();
  for (const s of shares) {
    const earner = earnerOf(s.share.payeeId);
    const m = monthByEarner.get(earner) ?? { revenue: 0, fee: 0, income: 0 };
    monthByEarner.set(earner, {
      revenue: m.revenue + s.revenue,
      fee: m.fee + s.fee,
      income: m.income + s.income,
    });
    if (earner !== s.share.payeeId) {
      const c = castSales.get(s.share.payeeId) ?? { organizationId: earner, revenue: 0, income: 0 };
      castSales.set(s.share.payeeId, { ...c, revenue: c.revenue + s.revenue, income: c.income + s.income });
    }
  }
  const lines = [
    ...parts.map((p) => ({ account: walletAccount(holderId, p.kind, p.issuerId), amount: -p.points })),
    ...[...incomeByEarner].map(([earnerId, amount]) => ({ account: `creator:${earnerId}`, amount })),
    { account: 'platform:fee', amount: shares.reduce((s, x) => s + x.fee, 0) },
  ];
  const single = input.shares.length === 1 ? input.shares[0] : undefined;
  let row = 0;
  const rowCount = shares.reduce((n, s) => n + s.incomes.length, 0);
  // Positions in the transaction: the lots, the journal, the log, the income rows and months, then the caller's items.
  const journalAt = takes.length;
  const extraAt = takes.length + 2 + rowCount + monthByEarner.size + castSales.size;
  const result = await deps.db.transaction
    .write((e) => [
      ...takes.map(({ lot, points }) =>
        points === lot.balance
          ? e.lot
              .delete({ holderId, lotKey: lot.key })
              .where((a, op) => `${op.eq(a.balance, points)} AND ${op.gt(a.expiresAt, nowIso)}`)
              .commit()
          : e.lot
              .patch({ holderId, lotKey: lot.key })
              .subtract({ balance: points })
              .where((a, op) => `${op.gte(a.balance, points)} AND ${op.gt(a.expiresAt, nowIso)}`)
              .commit(),
      ),
      e.journal
        .create({
          txId,
          kind: 'spend',
          holderId,
          lines,
          lots: takes.map(({ lot, points }) => ({
            lotKey: lot.key,
            kind: lot.kind,
            ...(lot.issuerId ? { issuerId: lot.issuerId } : {}),
            expiresAt: lot.expiresAt,
            points,
          })),
          purpose: input.purpose,
          // One payee: `payeeId` as always; several: `shares` says who got how many points.
          ...(single
            ? { payeeId: single.payeeId }
            : { shares: input.shares.map((s) => ({ payeeId: s.payeeId, points: s.points })) }),
          points: total,
          target: input.target,
          requestHash: spendHash(input),
          logId,
          ...sharedFields(now),
        })
        .commit(),
      e.pointLog
        .create({
          holderId,
          logId,
          type: POINT_LOG_TYPE.consumption,
          detail: input.purpose,
          points: total,
          parts: partItems(parts),
          ...(single ? { counterpartyId: single.payeeId } : {}),
          txId,
          createdAt: nowIso,
        })
        .commit(),
      ...shares.flatMap(({ share, incomes }) =>
        incomes.map(({ part, revenue, fee, income }) =>
          e.incomeRow
            .create({
              creatorId: earnerOf(share.payeeId),
              ...(earnerOf(share.payeeId) !== share.payeeId ? { castId: share.payeeId } : {}),
              ym,
              rowId: `${logId}-${row++}`,
              buyerId: holderId,
              target: share.target,
              ...(share.label ? { targetKind: share.label.kind } : {}),
              ...(share.label?.name ? { targetName: share.label.name } : {}),
              paymentType: PAYMENT_TYPE[input.purpose],
              pointType: part.kind,
              points: part.points,
              revenue,
              fee,
              income,
              txId,
              createdAt: nowIso,
            })
            .commit(),
        ),
      ),
      ...[...monthByEarner].map(([earnerId, m]) =>
        e.incomeMonth
          .update({ creatorId: earnerId, ym, shard: shardOf(txId, P.incomeShards) })
          .add(typedTotalsAdd(PAYMENT_TYPE[input.purpose], m))
          .commit(),
      ),
      ...[...castSales].map(([castId, c]) =>
        e.castSalesMonth
          .update({
            organizationId: c.organizationId,
            ym,
            castId,
            shard: shardOf(txId, businessConfig.organizations.castSalesShards),
          })
          .add({ revenue: c.revenue, income: c.income, count: 1 })
          .commit(),
      ),
      ...(input.extra ? input.extra(e) : []),
    ])
    .go();
  if (result.canceled) {
    const failed = (i: number) =>
      (result.data[i] as { code?: string } | undefined)?.code === 'ConditionalCheckFailed';
    return {
      journalRejected: failed(journalAt),
      extraRejected: result.data.slice(extraAt).some((_, i) => failed(extraAt + i)),
    };
  }
  return { txId, logId, points: total, parts, replayed: false };
}

// ---------------------------------------------------------------------------------------------
// Income totals

export interface IncomeTotals {
  revenue: number;
  fee: number;
  income: number;
}

/**
 * A creator's totals of one JST month: the sum of the month's write shards (one Query of at most
 * `points.incomeShards` small items). Exact: every sale ADDs to exactly one shard in its own
 * transaction.
 */
export async function readIncomeMonth(
  db: Db,
  creatorId: string,
  ym: string,
  consistent = false,
): Promise<IncomeTotals> {
  const { data } = await db.entities.incomeMonth.query
    .byCreator({ creatorId, ym })
    .go({ pages: 'all', consistent });
  return data.reduce(
    (t, s) => ({
      revenue: t.revenue + (s.revenue ?? 0),
      fee: t.fee + (s.fee ?? 0),
      income: t.income + (s.income ?? 0),
    }),
    { revenue: 0, fee: 0, income: 0 },
  );
}

// ---------------------------------------------------------------------------------------------
// Expiry

/**
 * Removes an expired lot's remaining balance: deletes the lot (only if untouched since read),
 * writes the expiry journal and a type-2 log row. Idempotent by the journal key `exp-<lotId>`.
 */
export async function expireLot(deps: LedgerDeps, lot: LotItem): Promise<boolean> {
  const now = deps.clock.now();
  if (Date.parse(lot.expiresAt) > now.getTime() || lot.balance <= 0) return false;
  const txId = `exp-${lot.lotId}`;
  const logId = timeId(new Date(lot.expiresAt));
  const issuerId = lot.issuerId ?? null;
  const result = await deps.db.transaction
    .write((e) => [
      e.lot
        .delete({ holderId: lot.holderId, lotKey: lot.lotKey })
        .where((a, op) => op.eq(a.balance, lot.balance))
        .commit(),
      e.journal
        .create({
          txId,
          kind: 'expiry',
          holderId: lot.holderId,
          lines: [
            { account: walletAccount(lot.holderId, lot.kind, issuerId), amount: -lot.balance },
            { account: `expired:${lot.kind}`, amount: lot.balance },
          ],
          points: lot.balance,
          logId,
          ...sharedFields(now),
        })
        .commit(),
      e.pointLog
        .create({
          holderId: lot.holderId,
          logId,
          type: POINT_LOG_TYPE.expiration,
          detail: 'expired',
          points: lot.balance,
          parts: partItems([{ kind: lot.kind, issuerId, points: lot.balance }]),
          ...(issuerId ? { counterpartyId: issuerId } : {}),
          txId,
          createdAt: lot.expiresAt,
        })
        .commit(),
    ])
    .go();
  return !result.canceled;
}

// ---------------------------------------------------------------------------------------------
// Reversal

/**
 * Cancels a spend with a reversal entry (never an edit): the points return to the holder as lots
 * with their original expiry, the payee's income is reduced, a type-4 'cancelled' row is written.
 * Idempotent by the journal key `rev-<txId>`. `extra` items join the reversal's transaction (the
 * operators' refund: its audit entry with the reason), so they are written with it or not at all.
 */
export async function reverseSpend(
  deps: LedgerDeps,
  txId: string,
  opts: { extra?: ExtraItems } = {},
): Promise<{ reversed: boolean }> {
  const { data: original } = await deps.db.entities.journal.get({ txId }).go({ consistent: true });
  // The income partitions the spend wrote: its creator lines (a cast's sale is its organization's).
  const payees = [
    ...new Set(
      (original?.lines ?? []).flatMap((l) => (l.account.startsWith('creator:') ? [l.account.slice(8)] : [])),
    ),
  ];
  if (original?.kind !== 'spend' || payees.length === 0) throw new AppError('not_found');
  const now = deps.clock.now();
  const nowIso = now.toISOString();
  const revId = `rev-${txId}`;
  const logId = timeId(now);
  const holderId = original.holderId;
  const ym = jstMonth(now);
  const rowsByPayee = await Promise.all(
    payees.map(async (payeeId) => {
      const { data } = await deps.db.entities.incomeRow.query
        .byCreator({ creatorId: payeeId })
        .where((a, op) => op.eq(a.txId, txId))
        .go({ pages: 'all' });
      return data;
    }),
  );
  const rows = rowsByPayee.flat();
  const lots = original.lots ?? [];
  const parts = partsOf(
    lots.map((l) => ({ lot: { kind: l.kind as PointKind, issuerId: l.issuerId ?? null }, points: l.points })),
  );
  // Each payee's month shard loses what the rows gave, by payment type as well.
  type Minus = Partial<Record<TypedTotalField | 'revenue' | 'fee' | 'income', number>>;
  const minusByPayee = new Map<string, Minus>(payees.map((p) => [p, {}]));
  for (const r of rows) {
    const minus = minusByPayee.get(r.creatorId) as Minus;
    const add = typedTotalsAdd(r.paymentType, { revenue: -r.revenue, fee: -r.fee, income: -r.income });
    for (const [k, v] of Object.entries(add) as [keyof Minus, number][]) minus[k] = (minus[k] ?? 0) + v;
  }
  // A cast's sales shard loses its share too (the rows keep the cast).
  const castMinus = new Map<string, { organizationId: string; revenue: number; income: number }>();
  for (const r of rows) {
    if (!r.castId) continue;
    const c = castMinus.get(r.castId) ?? { organizationId: r.creatorId, revenue: 0, income: 0 };
    castMinus.set(r.castId, { ...c, revenue: c.revenue + r.revenue, income: c.income + r.income });
  }
  // Already expired: bucket it today so the expiry job still writes its record.
  const bucketOf = (expiresAt: string) => jstDate(new Date(Math.max(Date.parse(expiresAt), now.getTime())));
  for (const date of new Set(lots.map((l) => bucketOf(l.expiresAt))))
    await markExpiry(deps.db, holderId, date);
  const result = await deps.db.transaction
    .write((e) => [
      e.journal
        .check({ txId })
        .where((a, op) => op.exists(a.txId))
        .commit(),
      e.journal
        .create({
          txId: revId,
          kind: 'reversal',
          holderId,
          lines: original.lines.map((l) => ({ account: l.account, amount: -l.amount })),
          points: original.points,
          ...(original.payeeId ? { payeeId: original.payeeId } : { shares: original.shares ?? [] }),
          reverses: txId,
          logId,
          ...sharedFields(now),
        })
        .commit(),
      ...lots.map((l, i) => {
        const lotId = `${revId}-${i}`;
        const kind = l.kind as PointKind;
        return e.lot
          .create({
            holderId,
            lotKey: lotKeyOf(kind, l.issuerId ?? null, l.expiresAt, lotId),
            lotId,
            kind,
            ...(l.issuerId ? { issuerId: l.issuerId } : {}),
            expiresAt: l.expiresAt,
            expiryDate: bucketOf(l.expiresAt),
            shard: shardOf(holderId, P.expiryShards),
            initial: l.points,
            balance: l.points,
            txId: revId,
            createdAt: nowIso,
          })
          .commit();
      }),
      e.pointLog
        .create({
          holderId,
          logId,
          type: POINT_LOG_TYPE.grant,
          detail: 'cancelled',
          points: original.points,
          parts: partItems(parts),
          ...(original.payeeId ? { counterpartyId: original.payeeId } : {}),
          txId: revId,
          createdAt: nowIso,
        })
        .commit(),
      ...rows.map((r, i) =>
        e.incomeRow
          .create({
            creatorId: r.creatorId,
            ...(r.castId ? { castId: r.castId } : {}),
            ym,
            rowId: `${logId}-${i}`,
            buyerId: holderId,
            ...(r.target ? { target: r.target } : {}),
            ...(r.targetKind ? { targetKind: r.targetKind } : {}),
            ...(r.targetName ? { targetName: r.targetName } : {}),
            paymentType: r.paymentType,
            pointType: r.pointType,
            points: -r.points,
            revenue: -r.revenue,
            fee: -r.fee,
            income: -r.income,
            txId: revId,
            createdAt: nowIso,
          })
          .commit(),
      ),
      ...[...minusByPayee].map(([payeeId, minus]) =>
        e.incomeMonth
          .update({ creatorId: payeeId, ym, shard: shardOf(revId, P.incomeShards) })
          .add({ revenue: 0, fee: 0, income: 0, ...minus })
          .commit(),
      ),
      ...[...castMinus].map(([castId, c]) =>
        e.castSalesMonth
          .update({
            organizationId: c.organizationId,
            ym,
            castId,
            shard: shardOf(revId, businessConfig.organizations.castSalesShards),
          })
          .add({ revenue: -c.revenue, income: -c.income, count: -1 })
          .commit(),
      ),
      ...(opts.extra ? opts.extra(e) : []),
    ])
    .go();
  return { reversed: !result.canceled };
}

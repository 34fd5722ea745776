/**
 * The point ledger: every movement (purchase, grant, spend, expiry, reversal) is one DynamoDB
 * transaction that writes the lots, an append-only double-entry journal keyed by the movement's
 * idempotency key, the holder's point-log row and, for spends, the payee's income. Conditions make
 * a negative lot, a spend of an expired lot and a double spend impossible; a cancelled spend is
 * re-read and retried with jitter.
 */
import { businessConfig } from '@app/shared/config';
import {
  campaignApplies,
  incomeOf,
  type LotState,
  lotExpiry,
  PAYMENT_TYPE,
  partsOf,
  planSpend,
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

export interface SpendInput {
  holderId: string;
  purpose: SpendPurpose;
  payeeId: string;
  points: number;
  /** Idempotency key of the movement (e.g. hash of the fan and the client's uuid). */
  txId: string;
  /** What is bought: chatroom/message, item, fan club period… (replays read it back). */
  target: string;
  /**
   * How the creator's income rows name what was bought: a chat message, a stamp (its catalogue
   * id), an item or fan club (its name). Absent: the kind follows the purpose, without a name.
   */
  label?: { kind: IncomeRowView['target']['kind']; name?: string };
  /** Chat: false when the creator rejects free points. */
  allowLeaves?: boolean;
  /** Items, stamps, fan clubs: use the payee's original points first. */
  useOriginal?: boolean;
  /** The payee registered with the campaign code (chat rate). */
  payeeCampaignCode?: string | null;
  extra?: ExtraItems;
  /**
   * Called after a cancelled attempt that was no replay, before the next one: the caller reads
   * again what its `extra` items depend on (a chat room created meanwhile), or throws its refusal.
   */
  beforeRetry?: () => Promise<void>;
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

function spendHash(input: SpendInput): string {
  return sha256(JSON.stringify([input.holderId, input.purpose, input.payeeId, input.points, input.target]));
}

async function replayOf(db: Db, input: SpendInput): Promise<SpendResult | null> {
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
export async function spend(deps: LedgerDeps, input: SpendInput): Promise<SpendResult> {
  if (!Number.isInteger(input.points) || input.points <= 0) throw new Error('spend needs a positive integer');
  if (input.holderId === input.payeeId) throw new AppError('forbidden', 'cannot pay oneself');
  const rule: SpendRule = {
    purpose: input.purpose,
    payeeId: input.payeeId,
    allowLeaves: input.allowLeaves ?? true,
    useOriginal: input.purpose === 'chat' ? true : (input.useOriginal ?? false),
  };
  for (let attempt = 1; ; attempt++) {
    const now = deps.clock.now();
    const lots = await readLots(deps.db, input.holderId);
    const takes = planSpend(lots.map(lotState), input.points, rule, now);
    // The journal is read only when needed: its put's condition already stops a second spend.
    if (!takes) {
      const replay = await replayOf(deps.db, input);
      if (replay) return replay;
      throw new AppError('insufficient_points');
    }
    if (takes.length > P.maxLotsPerSpend) throw new AppError('points_fragmented');
    const committed = await writeSpend(deps, input, takes, now);
    if (committed) return committed;
    // Cancelled: this txId was spent already (a replay), or a concurrent movement won the lots.
    const replay = await replayOf(deps.db, input);
    if (replay) return replay;
    if (attempt >= P.spendAttempts) throw new AppError('too_many_requests', 'spend kept conflicting');
    await sleep(Math.random() * 20 * 2 ** attempt);
    await input.beforeRetry?.();
  }
}

async function writeSpend(
  deps: LedgerDeps,
  input: SpendInput,
  takes: NonNullable<ReturnType<typeof planSpend>>,
  now: Date,
): Promise<SpendResult | null> {
  const { holderId, payeeId, txId } = input;
  const nowIso = now.toISOString();
  const logId = timeId(now);
  const parts = partsOf(takes);
  const campaign = campaignApplies(input.payeeCampaignCode, now);
  const ym = jstMonth(now);
  const incomes = parts.map((part) => ({
    part,
    ...incomeOf(part.points, rewardRate(input.purpose, part.kind, campaign)),
  }));
  const sum = (k: 'revenue' | 'fee' | 'income') => incomes.reduce((s, i) => s + i[k], 0);
  const lines = [
    ...parts.map((p) => ({ account: walletAccount(holderId, p.kind, p.issuerId), amount: -p.points })),
    { account: `creator:${payeeId}`, amount: sum('income') },
    { account: 'platform:fee', amount: sum('fee') },
  ];
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
          payeeId,
          points: input.points,
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
          points: input.points,
          parts: partItems(parts),
          counterpartyId: payeeId,
          txId,
          createdAt: nowIso,
        })
        .commit(),
      ...incomes.map(({ part, revenue, fee, income }, i) =>
        e.incomeRow
          .create({
            creatorId: payeeId,
            ym,
            rowId: `${logId}-${i}`,
            buyerId: holderId,
            target: input.target,
            ...(input.label ? { targetKind: input.label.kind } : {}),
            ...(input.label?.name ? { targetName: input.label.name } : {}),
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
      e.incomeMonth
        .update({ creatorId: payeeId, ym, shard: shardOf(txId, P.incomeShards) })
        .add(
          typedTotalsAdd(PAYMENT_TYPE[input.purpose], {
            revenue: sum('revenue'),
            fee: sum('fee'),
            income: sum('income'),
          }),
        )
        .commit(),
      ...(input.extra ? input.extra(e) : []),
    ])
    .go();
  if (result.canceled) return null;
  return { txId, logId, points: input.points, parts, replayed: false };
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
 * Idempotent by the journal key `rev-<txId>`.
 */
export async function reverseSpend(deps: LedgerDeps, txId: string): Promise<{ reversed: boolean }> {
  const { data: original } = await deps.db.entities.journal.get({ txId }).go({ consistent: true });
  if (original?.kind !== 'spend' || !original.payeeId) throw new AppError('not_found');
  const now = deps.clock.now();
  const nowIso = now.toISOString();
  const revId = `rev-${txId}`;
  const logId = timeId(now);
  const holderId = original.holderId;
  const payeeId = original.payeeId;
  const ym = jstMonth(now);
  const { data: rows } = await deps.db.entities.incomeRow.query
    .byCreator({ creatorId: payeeId })
    .where((a, op) => op.eq(a.txId, txId))
    .go({ pages: 'all' });
  const lots = original.lots ?? [];
  const parts = partsOf(
    lots.map((l) => ({ lot: { kind: l.kind as PointKind, issuerId: l.issuerId ?? null }, points: l.points })),
  );
  // The month's shard loses what the rows gave, by payment type as well.
  const minus: Partial<Record<TypedTotalField | 'revenue' | 'fee' | 'income', number>> = {};
  for (const r of rows) {
    const add = typedTotalsAdd(r.paymentType, { revenue: -r.revenue, fee: -r.fee, income: -r.income });
    for (const [k, v] of Object.entries(add) as [keyof typeof minus, number][])
      minus[k] = (minus[k] ?? 0) + v;
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
          payeeId,
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
          counterpartyId: payeeId,
          txId: revId,
          createdAt: nowIso,
        })
        .commit(),
      ...rows.map((r, i) =>
        e.incomeRow
          .create({
            creatorId: payeeId,
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
      e.incomeMonth
        .update({ creatorId: payeeId, ym, shard: shardOf(revId, P.incomeShards) })
        .add({ revenue: 0, fee: 0, income: 0, ...minus })
        .commit(),
    ])
    .go();
  return { reversed: !result.canceled };
}

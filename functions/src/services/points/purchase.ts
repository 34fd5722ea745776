/**
 * Buying mushrooms with a card (T4 in docs/access-patterns.md). The client's uuid is the
 * idempotency key end to end: the payment item, Square's idempotency key and the ledger's txId.
 * A retried or concurrent request charges once, credits once and gets the same answer.
 */
import { businessConfig, type Language } from '@app/shared/config';
import type { CardErrorCode, ErrorCode } from '@app/shared/errors';
import { ageOn, lotExpiry, minorMonthlyCap } from '@app/shared/ledger';
import { canBuyPoints } from '@app/shared/roles';
import type { CreatePaymentRequest, CreatePaymentResponse } from '@app/shared/schemas/store';
import { jstDate, jstMonth } from '@app/shared/time';
import { V } from '@app/shared/validation';
import type { EntityItem } from 'electrodb';
import type { Payment } from '../../db/entities/payment.ts';
import { isConditionFailure } from '../../db/errors.ts';
import { ttlAt } from '../../db/keys.ts';
import type { Db } from '../../db/service.ts';
import type { ProfileItem } from '../../lib/auth.ts';
import { sha256, shardOf } from '../../lib/crypto.ts';
import { AppError, fieldError } from '../../lib/errors.ts';
import { logger } from '../../lib/logger.ts';
import { recordPaymentFailure, recordPurchase, recordReconcilerRun } from '../../lib/metrics.ts';
import { CardError, type PaymentGateway } from '../../lib/payment-gateway.ts';
import { balanceFor } from './balance.ts';
import { credit, type LedgerDeps } from './ledger.ts';

const P = businessConfig.points;
const DAY_MS = 86_400_000;

export type PaymentItem = EntityItem<typeof Payment>;

export interface PurchaseDeps extends LedgerDeps {
  gateway: PaymentGateway;
}

/** Creators and admins cannot buy ('Creator accounts cannot make purchases.'). */
export function assertCanPurchase(profile: Pick<ProfileItem, 'roleId'>): void {
  if (!canBuyPoints(profile.roleId)) throw new AppError('creator_purchase');
}

export async function customerOf(db: Db, profileId: string): Promise<string | null> {
  const { data } = await db.entities.squareCustomer.get({ profileId }).go();
  return data?.customerId ?? null;
}

const getPayment = async (db: Db, uuid: string) =>
  (await db.entities.payment.get({ uuid }).go({ consistent: true })).data;

export async function createPayment(
  deps: PurchaseDeps,
  profile: ProfileItem,
  req: CreatePaymentRequest,
  lang: Language,
): Promise<CreatePaymentResponse> {
  assertCanPurchase(profile);
  if (req.price !== req.amount * P.yenPerMushroom) throw fieldError('price', V.purchasePrice);
  const customerId = await customerOf(deps.db, profile.profileId);
  if (!customerId || customerId !== req.customerId)
    throw new AppError('forbidden', 'not the caller’s customer');
  const requestHash = sha256(
    JSON.stringify([profile.profileId, req.customerId, req.sourceId, req.price, req.amount]),
  );
  // No read first: opening the payment is conditional on its uuid being new, and only a cancelled
  // opening reads what is there (a replay, or the same uuid sent concurrently).
  const { payment, opened } = await openPayment(deps, profile, req, requestHash, lang);
  if (payment.profileId !== profile.profileId || payment.requestHash !== requestHash) {
    throw new AppError('idempotency_mismatch');
  }
  // The verification token is single-use and not part of the request's identity. A payment opened
  // by this request already carries its `attemptedAt`.
  return settle(deps, payment, req.verificationToken, { attemptNoted: opened });
}

interface Caps {
  day: number;
  month: number;
}

async function readCaps(db: Db, profileId: string, today: string, ym: string): Promise<Caps> {
  const { data } = await db.entities.purchaseCap
    .get([
      { profileId, period: `day#${today}` },
      { profileId, period: `month#${ym}` },
    ])
    .go({ consistent: true });
  const yenOf = (period: string) => data.find((c) => c.period === period)?.yen ?? 0;
  return { day: yenOf(`day#${today}`), month: yenOf(`month#${ym}`) };
}

/** What the caps still allow: today, and this month for minors (null for adults). */
export async function remainingYen(
  db: Db,
  profileId: string,
  now: Date,
): Promise<{ day: number; month: number | null }> {
  const today = jstDate(now);
  const ym = jstMonth(now);
  const [caps, info] = await Promise.all([
    readCaps(db, profileId, today, ym),
    db.entities.userInfo.get({ profileId }).go(),
  ]);
  const monthCap = info.data ? minorMonthlyCap(ageOn(info.data.birthDate, today)) : null;
  return {
    day: Math.max(0, P.dailyYenCap - caps.day),
    month: monthCap === null ? null : Math.max(0, monthCap - caps.month),
  };
}

/**
 * Puts the pending payment and reserves its yen under the caps, in one transaction, or answers the
 * payment already stored under this uuid (`opened: false`). The payment is put with `attemptedAt`,
 * since the charge request follows at once; its pending marker is put first, so the reconciler
 * finds every pending payment.
 */
async function openPayment(
  deps: PurchaseDeps,
  profile: ProfileItem,
  req: CreatePaymentRequest,
  requestHash: string,
  lang: Language,
): Promise<{ payment: PaymentItem; opened: boolean }> {
  const { db } = deps;
  const profileId = profile.profileId;
  const info = (await db.entities.userInfo.get({ profileId }).go()).data;
  if (!info) throw new AppError('registration_incomplete');
  const yen = req.price;
  for (let attempt = 1; ; attempt++) {
    const now = deps.clock.now();
    const today = jstDate(now);
    const ym = jstMonth(now);
    const monthCap = minorMonthlyCap(ageOn(info.birthDate, today));
    const limitError = (caps: Caps): AppError | null => {
      if (caps.day + yen > P.dailyYenCap) {
        return new AppError('purchase_daily_limit').with({
          limit: P.dailyYenCap,
          remaining: Math.max(0, P.dailyYenCap - caps.day),
        });
      }
      if (monthCap !== null && caps.month + yen > monthCap) {
        return new AppError('purchase_minor_limit').with({
          limit: monthCap,
          remaining: Math.max(0, monthCap - caps.month),
        });
      }
      return null;
    };
    const early = limitError({ day: 0, month: 0 });
    if (early) throw early;
    const item = {
      uuid: req.uuid,
      profileId,
      requestHash,
      state: 'pending' as const,
      yen,
      mushrooms: req.amount,
      customerId: req.customerId,
      sourceId: req.sourceId,
      capDay: `day#${today}`,
      ...(monthCap !== null ? { capMonth: `month#${ym}` } : {}),
      lang,
      attemptedAt: now.toISOString(),
      shard: shardOf(req.uuid, P.expiryShards),
      createdAt: now.toISOString(),
    };
    await db.entities.pendingPayment
      .put({ shard: item.shard, createdAt: item.createdAt, uuid: item.uuid })
      .go({ response: 'none' });
    const ttlOf = (days: number) => ttlAt(new Date(now.getTime() + days * DAY_MS));
    const result = await db.transaction
      .write((e) => {
        const reserve = (period: string, limit: number, ttlDays: number) =>
          e.purchaseCap
            .update({ profileId, period })
            .add({ yen })
            .set({ ttl: ttlOf(ttlDays) })
            .where((a, op) => `${op.notExists(a.yen)} OR ${op.lte(a.yen, limit - yen)}`)
            .commit();
        return [
          e.payment.create(item).commit(),
          reserve(`day#${today}`, P.dailyYenCap, 3),
          ...(monthCap !== null ? [reserve(`month#${ym}`, monthCap, 40)] : []),
        ];
      })
      .go();
    if (!result.canceled) return { payment: item, opened: true };
    // A replay, the same uuid sent concurrently, a cap reached, or a conflicting purchase: find out
    // which. (The marker put for nothing is removed by the reconciler.)
    const existing = await getPayment(db, req.uuid);
    if (existing) return { payment: existing, opened: false };
    const capped = limitError(await readCaps(db, profileId, today, ym));
    if (capped) throw capped;
    if (attempt >= 3) throw new AppError('too_many_requests', 'payment kept conflicting');
    await new Promise((r) => setTimeout(r, Math.random() * 50 * attempt));
  }
}

/** Charges (idempotently) and completes or fails a payment; the answer for every replay. */
export async function settle(
  deps: PurchaseDeps,
  payment: PaymentItem,
  verificationToken?: string,
  opts: { attemptNoted?: boolean } = {},
): Promise<CreatePaymentResponse> {
  if (payment.state === 'completed') return view(deps, payment);
  if (payment.state === 'failed') throw new AppError((payment.errorCode ?? 'card_unknown') as ErrorCode);
  // Noted before the request leaves: the reconciler never releases a payment whose request may
  // still be on its way (its release is conditional on this instant being old).
  const current = opts.attemptNoted ? payment : await markAttempt(deps, payment);
  if (current.state !== 'pending') return settle(deps, current);
  let charged: Awaited<ReturnType<PaymentGateway['createPayment']>>;
  try {
    charged = await deps.gateway.createPayment({
      idempotencyKey: payment.uuid,
      sourceId: payment.sourceId,
      customerId: payment.customerId,
      amountYen: payment.yen,
      referenceId: payment.uuid,
      note: `${payment.mushrooms} mushrooms`,
      ...(verificationToken ? { verificationToken } : {}),
    });
  } catch (error) {
    if (!(error instanceof CardError)) throw error;
    logger.info('card payment refused', {
      code: error.code,
      squareCodes: error.squareCodes,
      uuid: payment.uuid,
    });
    // Unknown outcome: it stays pending; a retry with the same uuid (or the reconciler) settles it.
    // `outcome: unknown` tells the client to retry with the same uuid rather than a new one.
    if (error.outcomeUnknown) {
      recordPaymentFailure(error.code === 'card_network' ? 'network' : 'unknown');
      await noteUnknownOutcome(deps, payment, error.code);
      throw new AppError(error.code).with({ outcome: 'unknown' });
    }
    recordPaymentFailure('declined');
    return fail(deps, payment, error.code);
  }
  if (charged.status === 'FAILED' || charged.status === 'CANCELED') {
    recordPaymentFailure('declined');
    return fail(deps, payment, 'card_declined');
  }
  if (charged.status !== 'COMPLETED') throw new AppError('payment_pending').with({ outcome: 'unknown' });
  return complete(deps, payment, charged.id);
}

/**
 * Sets fields on a payment that is still pending. False when it is pending no more. (Without the
 * legacy index's composites, so a legacy pending payment stays in that index.)
 */
async function patchPending(
  deps: PurchaseDeps,
  payment: PaymentItem,
  fields: { attemptedAt?: string; errorCode?: CardErrorCode },
): Promise<boolean> {
  try {
    await deps.db.entities.payment
      .patch({ uuid: payment.uuid })
      .set(fields)
      .where((a, op) => op.eq(a.state, 'pending'))
      .go({ response: 'none' });
    return true;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    return false;
  }
}

/** Sets `attemptedAt` while the payment is pending; otherwise answers the payment as it now is. */
async function markAttempt(deps: PurchaseDeps, payment: PaymentItem): Promise<PaymentItem> {
  const attemptedAt = deps.clock.now().toISOString();
  if (await patchPending(deps, payment, { attemptedAt })) return { ...payment, attemptedAt };
  const now = await getPayment(deps.db, payment.uuid);
  if (!now) throw new Error(`payment ${payment.uuid} vanished while being charged`);
  return now;
}

/** Keeps the card error of an unknown outcome on the pending payment (the code it fails with if never charged). */
async function noteUnknownOutcome(deps: PurchaseDeps, payment: PaymentItem, code: CardErrorCode) {
  await patchPending(deps, payment, { errorCode: code });
}

/** The payment is settled: its marker goes (if this delete is lost, the reconciler's does it). */
async function unmark(deps: PurchaseDeps, payment: PaymentItem): Promise<void> {
  await deps.db.entities.pendingPayment
    .delete({ shard: payment.shard, createdAt: payment.createdAt, uuid: payment.uuid })
    .go({ response: 'none' });
}

/**
 * Credits the charged payment and marks it completed, in one transaction (the shard and createdAt
 * make ElectroDB remove a legacy payment's pending-index keys).
 */
async function complete(deps: PurchaseDeps, payment: PaymentItem, squarePaymentId: string) {
  const paidAt = deps.clock.now();
  const expiresAt = lotExpiry(paidAt);
  const completed: PaymentItem = {
    ...payment,
    state: 'completed',
    squarePaymentId,
    paidAt: paidAt.toISOString(),
    expiresAt: expiresAt.toISOString(),
  };
  const { committed } = await credit(deps, {
    holderId: payment.profileId,
    kind: 'mushroom',
    points: payment.mushrooms,
    txId: `pay-${payment.uuid}`,
    expiresAt,
    journalKind: 'purchase',
    log: { type: 3, detail: 'purchased', yen: payment.yen },
    extra: (e) => [
      e.payment
        .patch({ uuid: payment.uuid })
        .set({
          state: 'completed',
          squarePaymentId,
          paidAt: paidAt.toISOString(),
          expiresAt: expiresAt.toISOString(),
          shard: payment.shard,
          createdAt: payment.createdAt,
        })
        .where((a, op) => op.eq(a.state, 'pending'))
        .commit(),
    ],
  });
  // Cancelled: completed already (a concurrent settle of the same charge), or no longer pending.
  if (committed) recordPurchase({ points: payment.mushrooms, yen: payment.yen });
  const stored = committed ? completed : await getPayment(deps.db, payment.uuid);
  if (stored?.state !== 'completed') {
    throw new AppError('payment_pending').with({ outcome: 'unknown' });
  }
  await unmark(deps, payment);
  // The receipt mail is sent by the stream consumer `streams/purchase-receipts`.
  return view(deps, stored);
}

/**
 * Fails a pending payment and releases the yen it holds under the caps, in one transaction that
 * only a pending payment passes: a replay or a concurrent release changes nothing. With
 * `attemptedBefore`, only if no charge request was sent since (the reconciler's release).
 */
async function fail(
  deps: PurchaseDeps,
  payment: PaymentItem,
  code: CardErrorCode,
  opts: { attemptedBefore?: string } = {},
): Promise<never> {
  const { attemptedBefore } = opts;
  const result = await deps.db.transaction
    .write((e) => {
      const release = (period: string) =>
        e.purchaseCap.update({ profileId: payment.profileId, period }).add({ yen: -payment.yen }).commit();
      return [
        e.payment
          .patch({ uuid: payment.uuid })
          .set({ state: 'failed', errorCode: code, shard: payment.shard, createdAt: payment.createdAt })
          .where((a, op) =>
            attemptedBefore === undefined
              ? op.eq(a.state, 'pending')
              : `${op.eq(a.state, 'pending')} AND ${op.lt(a.attemptedAt, attemptedBefore)}`,
          )
          .commit(),
        release(payment.capDay),
        ...(payment.capMonth ? [release(payment.capMonth)] : []),
      ];
    })
    .go();
  const stored = result.canceled
    ? await getPayment(deps.db, payment.uuid)
    : { state: 'failed', errorCode: code };
  if (stored?.state !== 'pending') await unmark(deps, payment);
  if (stored?.state === 'completed') return Promise.reject(new AppError('idempotency_mismatch'));
  throw new AppError((stored?.errorCode ?? code) as ErrorCode);
}

async function view(deps: PurchaseDeps, p: PaymentItem): Promise<CreatePaymentResponse> {
  return {
    payment_id: p.uuid,
    state: 'completed',
    mushrooms: p.mushrooms,
    price: p.yen,
    paid_at: p.paidAt ?? p.createdAt,
    expires_at: p.expiresAt ?? '',
    balance: await balanceFor(deps.db, p.profileId, deps.clock.now()),
  };
}

/** Square's clock and ours may differ a little: the lookup starts this long before our record. */
const LOOKUP_CLOCK_SKEW_MS = 5 * 60_000;

type Outcome = 'completed' | 'failed' | 'pending';

/**
 * The reconciler (job), for payments pending longer than `olderThanMs`, found by their markers:
 * - without `attemptedAt` (opened before payments were put with it, and the function stopped
 *   before the request): charged now with the same idempotency key;
 * - sent (a payment is opened with `attemptedAt`, so one whose function died before the request
 *   counts as sent, and is released below), and the last request ended long enough ago that none
 *   can still be in flight: Square is
 *   asked for a payment with our reference. One that exists settles the purchase (completed:
 *   credited; failed: released). None: the charge is known not to exist, and the held yen are
 *   released at once (one conditional transaction; replays and concurrent runs release once);
 * - Square cannot be asked: it stays pending for the next run.
 */
export async function reconcilePending(
  deps: PurchaseDeps,
  olderThanMs: number,
): Promise<Record<Outcome, number>> {
  const cutoff = new Date(deps.clock.now().getTime() - olderThanMs).toISOString();
  const counts: Record<Outcome, number> = { completed: 0, failed: 0, pending: 0 };
  for (let s = 0; s < P.expiryShards; s++) {
    const shard = String(s);
    const { data: markers } = await deps.db.entities.pendingPayment.query
      .byAge({ shard })
      .lt({ createdAt: cutoff })
      .go({ pages: 'all' });
    // Payments opened before the markers existed are listed in gsi1 (legacy, see payment.ts).
    const { data: legacy } = await deps.db.entities.payment.query
      .pending({ shard })
      .lt({ createdAt: cutoff })
      .go({ pages: 'all' });
    for (const marker of markers) {
      const payment = await getPayment(deps.db, marker.uuid);
      if (payment?.state === 'pending') {
        counts[await reconcileOne(deps, payment, cutoff)]++;
        continue;
      }
      // Settled (its own delete was lost), or never opened (the opening was cancelled or the
      // request died before it): nothing is left to do.
      await deps.db.entities.pendingPayment.delete(marker).go({ response: 'none' });
    }
    for (const stale of legacy) {
      const payment = await getPayment(deps.db, stale.uuid);
      if (payment?.state === 'pending') counts[await reconcileOne(deps, payment, cutoff)]++;
    }
  }
  recordReconcilerRun(counts);
  return counts;
}

async function reconcileOne(deps: PurchaseDeps, payment: PaymentItem, cutoff: string): Promise<Outcome> {
  const outcome = async (work: () => Promise<unknown>): Promise<Outcome> => {
    try {
      await work();
      return 'completed';
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const after = await getPayment(deps.db, payment.uuid);
      return after?.state === 'failed' ? 'failed' : after?.state === 'completed' ? 'completed' : 'pending';
    }
  };
  if (!payment.attemptedAt) return outcome(() => settle(deps, payment));
  if (payment.attemptedAt >= cutoff) return 'pending';
  let found: Awaited<ReturnType<PaymentGateway['findPayment']>>;
  try {
    found = await deps.gateway.findPayment({
      referenceId: payment.uuid,
      amountYen: payment.yen,
      createdFrom: new Date(new Date(payment.createdAt).getTime() - LOOKUP_CLOCK_SKEW_MS),
    });
  } catch (error) {
    if (!(error instanceof CardError)) throw error;
    logger.warn('payment lookup failed; the payment stays pending', { code: error.code, uuid: payment.uuid });
    return 'pending';
  }
  if (!found) {
    const code = (payment.errorCode ?? 'card_network') as CardErrorCode;
    return outcome(() => fail(deps, payment, code, { attemptedBefore: cutoff }));
  }
  if (found.status === 'COMPLETED') return outcome(() => complete(deps, payment, found.id));
  if (found.status === 'FAILED' || found.status === 'CANCELED') {
    return outcome(() => fail(deps, payment, 'card_declined'));
  }
  return 'pending';
}

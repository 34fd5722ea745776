/**
 * Withdrawal requests: the three creator calls through the gateway, and every transition of the
 * state machine (the operators' side is services only) against DynamoDB Local.
 */
import { businessConfig } from '@app/shared/config';
import { jstMonth } from '@app/shared/time';
import { transferDateOf } from '@app/shared/withdrawal';
import { describe, expect, inject, test } from 'vitest';
import { withdrawalIdOf } from '../src/db/entities/withdrawal.ts';
import { newId } from '../src/lib/crypto.ts';
import {
  approveWithdrawal,
  failWithdrawalTransfer,
  markWithdrawalTransferred,
  partiallyApproveWithdrawal,
  rejectWithdrawal,
  requestWithdrawal,
  reRequestWithdrawal,
  startReview,
  TRANSITIONS,
  type WithdrawalAction,
  type WithdrawalDeps,
  withdrawalHistory,
} from '../src/services/business/withdrawals.ts';
import { validBank } from './helpers/accounts.ts';
import { creator } from './helpers/chat.ts';
import { api, manualClock, testDb } from './helpers/cloud.ts';

const { minimumYen, transferFeeYen } = businessConfig.withdrawal;
const OPERATOR = 'operator-1';

/** A month's income as the ledger's write shards hold it (two shards, summed by months.ts). */
async function seedIncome(creatorId: string, ym: string, income: number) {
  const db = testDb();
  const half = Math.floor(income / 2);
  for (const [shard, part] of [
    ['0', half],
    ['1', income - half],
  ] as const)
    await db.entities.incomeMonth
      .put({ creatorId, ym, shard, revenue: part * 2, fee: part, income: part })
      .go();
}

async function seedBank(profileId: string, accountNumber = '1234567') {
  await testDb()
    .entities.bankAccount.put({
      profileId,
      bankCode: '0001',
      bankName: 'みずほ',
      branchCode: '001',
      branchName: '東京営業部',
      accountType: 'ordinary',
      accountNumber,
      accountOwner: 'ヤマダ タロウ',
      updatedAt: new Date().toISOString(),
    })
    .go();
}

/** A creator (by id only) with closed months' income and a bank account, seen on 2026-04-20 JST. */
async function setup(opts: { bank?: boolean } = {}) {
  const creatorId = newId();
  await seedIncome(creatorId, '2026-02', 5000);
  await seedIncome(creatorId, '2026-03', minimumYen - 1);
  await seedIncome(creatorId, '2026-04', 9000);
  if (opts.bank !== false) await seedBank(creatorId);
  const clock = manualClock(new Date('2026-04-20T12:00:00+09:00'));
  const deps: WithdrawalDeps = { db: testDb(), clock };
  return { creatorId, clock, deps };
}

const codeOf = async (p: Promise<unknown>) => {
  try {
    await p;
    return 'ok';
  } catch (err) {
    return (err as { code?: string }).code ?? String(err);
  }
};

describe('requesting a month', () => {
  test('a closed month at or above the minimum: unconfirmed, the amount, the bank snapshot and the transfer date', async () => {
    const { creatorId, deps } = await setup();
    const { withdrawal } = await requestWithdrawal(deps, creatorId, { year: 2026, month: 2 });
    expect(withdrawal).toMatchObject({
      id: withdrawalIdOf(creatorId, '2026-02'),
      year: 2026,
      month: 2,
      status: 'unconfirmed',
      requested_amount: 5000,
      fee: transferFeeYen,
      net_amount: 5000 - transferFeeYen,
      finalized_amount: null,
      // Requested on 2026-04-20 (before the 25th): the 10th of May is a Sunday, the 8th a Friday.
      transfer_date: '2026-05-08',
      rejection: null,
      reapplied_at: null,
    });
    const stored = await testDb().entities.withdrawal.get({ creatorId, ym: '2026-02' }).go();
    expect(stored.data?.bank).toMatchObject({ bankCode: '0001', accountNumber: '1234567' });
    expect(stored.data?.events).toEqual([{ at: expect.any(String), by: 'creator', to: 'unconfirmed' }]);
  });

  test('after the 25th the transfer moves to the following cycle', async () => {
    const { creatorId, deps, clock } = await setup();
    clock.set(new Date('2026-04-26T00:00:00+09:00'));
    const { withdrawal } = await requestWithdrawal(deps, creatorId, { year: 2026, month: 2 });
    expect(withdrawal.transfer_date).toBe('2026-06-10');
  });

  test('refusals: not closed, below the minimum, no income, already requested, no bank account', async () => {
    const { creatorId, deps } = await setup();
    expect(await codeOf(requestWithdrawal(deps, creatorId, { year: 2026, month: 4 }))).toBe(
      'month_not_closed',
    );
    expect(await codeOf(requestWithdrawal(deps, creatorId, { year: 2026, month: 5 }))).toBe(
      'month_not_closed',
    );
    expect(await codeOf(requestWithdrawal(deps, creatorId, { year: 2026, month: 3 }))).toBe(
      'withdrawal_below_minimum',
    );
    expect(await codeOf(requestWithdrawal(deps, creatorId, { year: 2026, month: 1 }))).toBe(
      'withdrawal_below_minimum',
    );
    await requestWithdrawal(deps, creatorId, { year: 2026, month: 2 });
    expect(await codeOf(requestWithdrawal(deps, creatorId, { year: 2026, month: 2 }))).toBe(
      'withdrawal_exists',
    );

    const noBank = await setup({ bank: false });
    expect(await codeOf(requestWithdrawal(noBank.deps, noBank.creatorId, { year: 2026, month: 2 }))).toBe(
      'bank_missing',
    );
    expect(
      await testDb().entities.withdrawal.query.byCreator({ creatorId: noBank.creatorId }).go(),
    ).toMatchObject({
      data: [],
    });
  });

  test('a concurrent double request of one month gives one withdrawal; the other is told it exists', async () => {
    const { creatorId, deps } = await setup();
    const results = await Promise.all(
      Array.from({ length: 6 }, () => codeOf(requestWithdrawal(deps, creatorId, { year: 2026, month: 2 }))),
    );
    expect(results.filter((r) => r === 'ok')).toHaveLength(1);
    expect(results.filter((r) => r === 'withdrawal_exists')).toHaveLength(5);
    const all = await testDb().entities.withdrawal.query.byCreator({ creatorId }).go();
    expect(all.data).toHaveLength(1);
    expect(all.data[0]?.events).toHaveLength(1);
  });
});

describe('the state machine', () => {
  test('every transition: review, reject, reapply (new bank and date), review, partial approval, transfer', async () => {
    const { creatorId, deps, clock } = await setup();
    const id = (await requestWithdrawal(deps, creatorId, { year: 2026, month: 2 })).withdrawal.id;
    expect((await startReview(deps, id, OPERATOR)).status).toBe('checking');
    const rejected = await rejectWithdrawal(deps, id, OPERATOR, {
      reason: '口座名義が一致しません',
      fields: ['account_owner', 'account_number', 'account_owner'],
    });
    expect(rejected).toMatchObject({
      status: 'rejected',
      rejection: { reason: '口座名義が一致しません', fields: ['account_owner', 'account_number'] },
    });
    expect((await withdrawalHistory(deps, creatorId)).withdrawals[0]?.rejection?.fields).toEqual([
      'account_owner',
      'account_number',
    ]);

    // The creator fixes the account and reapplies after the cut-off: new snapshot, next cycle.
    await seedBank(creatorId, '7654321');
    clock.set(new Date('2026-05-27T09:00:00+09:00'));
    const reapplied = (await reRequestWithdrawal(deps, creatorId, id)).withdrawal;
    expect(reapplied).toMatchObject({
      status: 'reapplying',
      reapplied_at: '2026-05-27T00:00:00.000Z',
      transfer_date: '2026-07-10',
      rejection: null,
    });
    expect(
      (await testDb().entities.withdrawal.get({ creatorId, ym: '2026-02' }).go()).data?.bank.accountNumber,
    ).toBe('7654321');

    expect((await startReview(deps, id, OPERATOR)).status).toBe('checking');
    expect(
      await codeOf(partiallyApproveWithdrawal(deps, id, OPERATOR, { finalizedAmount: 5000, notes: 'x' })),
    ).toBe('validation');
    expect(
      await codeOf(partiallyApproveWithdrawal(deps, id, OPERATOR, { finalizedAmount: 4000, notes: ' ' })),
    ).toBe('validation');
    const partial = await partiallyApproveWithdrawal(deps, id, OPERATOR, {
      finalizedAmount: 4000,
      notes: '返金分を差し引きました',
    });
    expect(partial).toMatchObject({
      status: 'partially_approved',
      finalized_amount: 4000,
      net_amount: 4000 - transferFeeYen,
      notes: '返金分を差し引きました',
    });
    const done = await markWithdrawalTransferred(deps, id, OPERATOR, { transferDate: '2026-07-10' });
    expect(done).toMatchObject({ status: 'transferred', transfer_date: '2026-07-10' });
    expect(done.transferred_at).not.toBeNull();

    const events =
      (await testDb().entities.withdrawal.get({ creatorId, ym: '2026-02' }).go()).data?.events ?? [];
    expect(events.map((e) => [e.by, e.from ?? null, e.to])).toEqual([
      ['creator', null, 'unconfirmed'],
      [OPERATOR, 'unconfirmed', 'checking'],
      [OPERATOR, 'checking', 'rejected'],
      ['creator', 'rejected', 'reapplying'],
      [OPERATOR, 'reapplying', 'checking'],
      [OPERATOR, 'checking', 'partially_approved'],
      [OPERATOR, 'partially_approved', 'transferred'],
    ]);
  });

  test('approval in full finalizes the requested amount, with notes; then transferred on today by default', async () => {
    const { creatorId, deps, clock } = await setup();
    const id = (await requestWithdrawal(deps, creatorId, { year: 2026, month: 2 })).withdrawal.id;
    await startReview(deps, id, OPERATOR);
    expect(await approveWithdrawal(deps, id, OPERATOR, { notes: '確認しました' })).toMatchObject({
      status: 'approved',
      finalized_amount: 5000,
      notes: '確認しました',
    });
    clock.set(new Date('2026-05-08T10:00:00+09:00'));
    expect(await markWithdrawalTransferred(deps, id, OPERATOR)).toMatchObject({
      status: 'transferred',
      transfer_date: '2026-05-08',
    });
  });

  test('every action refused from every status it does not start from (withdrawal_state)', async () => {
    const { creatorId, deps } = await setup();
    const id = (await requestWithdrawal(deps, creatorId, { year: 2026, month: 2 })).withdrawal.id;
    const run: Record<WithdrawalAction, () => Promise<unknown>> = {
      review: () => startReview(deps, id, OPERATOR),
      approve: () => approveWithdrawal(deps, id, OPERATOR),
      partial: () => partiallyApproveWithdrawal(deps, id, OPERATOR, { finalizedAmount: 1, notes: 'n' }),
      reject: () => rejectWithdrawal(deps, id, OPERATOR, { reason: 'r', fields: ['bank'] }),
      reapply: () => reRequestWithdrawal(deps, creatorId, id),
      transfer: () => markWithdrawalTransferred(deps, id, OPERATOR),
      fail: () => failWithdrawalTransfer(deps, id, OPERATOR, { reason: 'closed account' }),
    };
    // A path through every status: unconfirmed, checking, rejected, reapplying, checking, approved,
    // transferred, transfer_failed, reapplying again.
    const path: WithdrawalAction[] = [
      'review',
      'reject',
      'reapply',
      'review',
      'approve',
      'transfer',
      'fail',
      'reapply',
    ];
    const seen = new Set<string>();
    for (const next of [...path, null]) {
      const status = (await testDb().entities.withdrawal.get({ creatorId, ym: '2026-02' }).go()).data?.status;
      if (status && !seen.has(status)) {
        seen.add(status);
        for (const action of Object.keys(run) as WithdrawalAction[]) {
          if ((TRANSITIONS[action].from as readonly string[]).includes(status)) continue;
          expect(await codeOf(run[action]()), `${action} from ${status}`).toBe(
            action === 'reapply' ? 'withdrawal_not_rejected' : 'withdrawal_state',
          );
        }
      }
      if (next) await run[next]();
    }
    expect([...seen].sort()).toEqual([
      'approved',
      'checking',
      'reapplying',
      'rejected',
      'transfer_failed',
      'transferred',
      'unconfirmed',
    ]);
    const partialPath = await setup();
    const pid = (await requestWithdrawal(partialPath.deps, partialPath.creatorId, { year: 2026, month: 2 }))
      .withdrawal.id;
    await startReview(partialPath.deps, pid, OPERATOR);
    await partiallyApproveWithdrawal(partialPath.deps, pid, OPERATOR, { finalizedAmount: 10, notes: 'n' });
    for (const refused of [
      () => startReview(partialPath.deps, pid, OPERATOR),
      () => approveWithdrawal(partialPath.deps, pid, OPERATOR),
      () => rejectWithdrawal(partialPath.deps, pid, OPERATOR, { reason: 'r', fields: [] }),
    ])
      expect(await codeOf(refused())).toBe('withdrawal_state');
  });

  test('two operators changing one request at once: one write passes, the other is refused', async () => {
    const { creatorId, deps } = await setup();
    const id = (await requestWithdrawal(deps, creatorId, { year: 2026, month: 2 })).withdrawal.id;
    await startReview(deps, id, OPERATOR);
    const results = await Promise.all([
      codeOf(approveWithdrawal(deps, id, 'operator-a')),
      codeOf(rejectWithdrawal(deps, id, 'operator-b', { reason: 'r', fields: ['bank'] })),
      codeOf(approveWithdrawal(deps, id, 'operator-c')),
    ]);
    expect(results.filter((r) => r === 'ok')).toHaveLength(1);
    expect(results.filter((r) => r === 'withdrawal_state')).toHaveLength(2);
    const stored = (await testDb().entities.withdrawal.get({ creatorId, ym: '2026-02' }).go()).data;
    expect(stored?.events).toHaveLength(3);
    expect(stored?.version).toBe(3);
  });

  test("another creator's request, or an id of another form, is not found", async () => {
    const a = await setup();
    const b = await setup();
    const id = (await requestWithdrawal(a.deps, a.creatorId, { year: 2026, month: 2 })).withdrawal.id;
    await startReview(a.deps, id, OPERATOR);
    await rejectWithdrawal(a.deps, id, OPERATOR, { reason: 'r', fields: ['bank'] });
    expect(await codeOf(reRequestWithdrawal(b.deps, b.creatorId, id))).toBe('withdrawal_not_found');
    expect(
      await codeOf(reRequestWithdrawal(a.deps, a.creatorId, withdrawalIdOf(a.creatorId, '2026-03'))),
    ).toBe('withdrawal_not_found');
    expect(await codeOf(startReview(a.deps, 'nonsense', OPERATOR))).toBe('withdrawal_not_found');
  });
});

describe('the creator calls', () => {
  const lastMonth = () => {
    const now = new Date();
    const [y, m] = jstMonth(now).split('-').map(Number) as [number, number];
    return m === 1 ? { year: y - 1, month: 12 } : { year: y, month: m - 1 };
  };
  const ymText = (v: { year: number; month: number }) => `${v.year}-${String(v.month).padStart(2, '0')}`;

  test('history, request, refusals and re-request through the gateway', async () => {
    const c = await creator();
    const last = lastMonth();
    await seedIncome(c.profileId, ymText(last), 3000);
    await seedIncome(c.profileId, jstMonth(new Date()), 8000);

    const before = await api('/mypage/withdraw-request-histories', { token: c.token });
    expect(before.status).toBe(200);
    expect(before.body).toEqual({
      withdrawals: [],
      months: [
        { ...last, amount: 3000, fee: transferFeeYen, net_amount: 3000 - transferFeeYen, eligible: true },
      ],
      minimum_yen: minimumYen,
      fee_yen: transferFeeYen,
      transfer_date: transferDateOf(new Date()),
      has_bank: false,
    });
    // Sign-up skipped the bank step: the request is sent to the bank form.
    expect((await api('/mypage/request-withdraw', { token: c.token, body: last })).body.code).toBe(
      'bank_missing',
    );
    expect((await api('/mypage/bank', { token: c.token, body: validBank })).status).toBe(200);

    const bad = await api('/mypage/request-withdraw', { token: c.token, body: { year: 2026, month: 13 } });
    expect(bad.status).toBe(422);
    const current = await api('/mypage/request-withdraw', { token: c.token, body: lastMonth() });
    expect(current.status).toBe(200);
    expect(current.body.withdrawal).toMatchObject({ status: 'unconfirmed', requested_amount: 3000 });
    const again = await api('/mypage/request-withdraw', { token: c.token, body: last });
    expect([again.status, again.body.code]).toEqual([409, 'withdrawal_exists']);

    const after = await api('/mypage/withdraw-request-histories', { token: c.token });
    expect(after.body.months).toEqual([]);
    expect(after.body.has_bank).toBe(true);
    expect(after.body.withdrawals.map((w: { id: string }) => w.id)).toEqual([current.body.withdrawal.id]);

    const id = current.body.withdrawal.id as string;
    const notRejected = await api('/mypage/re-request-withdraw', { token: c.token, body: { id } });
    expect([notRejected.status, notRejected.body.code]).toEqual([409, 'withdrawal_not_rejected']);
    const deps: WithdrawalDeps = { db: testDb(), clock: { now: () => new Date() } };
    await startReview(deps, id, OPERATOR);
    await rejectWithdrawal(deps, id, OPERATOR, { reason: '支店名が違います', fields: ['branch'] });
    const other = await creator();
    expect((await api('/mypage/re-request-withdraw', { token: other.token, body: { id } })).body.code).toBe(
      'withdrawal_not_found',
    );
    expect((await api('/mypage/re-request-withdraw', { token: c.token, body: { id: '../x' } })).status).toBe(
      422,
    );
    const re = await api('/mypage/re-request-withdraw', { token: c.token, body: { id } });
    expect(re.status).toBe(200);
    expect(re.body.withdrawal).toMatchObject({ id, status: 'reapplying' });
  });

  test('fans cannot call them', async () => {
    const { fan } = await import('./helpers/chat.ts');
    const f = await fan();
    expect((await api('/mypage/withdraw-request-histories', { token: f.token })).status).toBe(403);
  });

  test("the local cloud drives the operators' side through /_local/demo/withdrawal", async () => {
    const c = await creator();
    const last = lastMonth();
    await seedIncome(c.profileId, ymText(last), 2000);
    await api('/mypage/bank', { token: c.token, body: validBank });
    const id = (await api('/mypage/request-withdraw', { token: c.token, body: last })).body.withdrawal.id;
    // biome-ignore lint/suspicious/noExplicitAny: test code reads response fields freely
    const drive = (body: unknown): Promise<{ status: number; body: any }> =>
      fetch(`${inject('url')}/_local/demo/withdrawal`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).then(async (r) => ({ status: r.status, body: await r.json() }));
    expect((await drive({ id, action: 'review' })).body.withdrawal.status).toBe('checking');
    const rejected = await drive({
      id,
      action: 'reject',
      reason: '口座番号が違います',
      fields: ['account_number', 'x'],
    });
    expect(rejected.body.withdrawal.rejection).toEqual({
      reason: '口座番号が違います',
      fields: ['account_number'],
    });
    expect(await drive({ id, action: 'approve' })).toMatchObject({
      status: 409,
      body: { code: 'withdrawal_state' },
    });
    expect((await drive({ id, action: 'fly' })).status).toBe(400);
    expect((await drive({ id: 'x', action: 'review' })).status).toBe(404);
  });
});

/**
 * The operators' console: withdrawals by transfer date, the review actions, the Zengin transfer
 * file, marking it transferred or one line failed (issue 17), through the gateway against
 * DynamoDB Local. Each test puts its requests on a transfer date of its own, so tests running
 * at once never see each other's requests.
 */
import { createHash } from 'node:crypto';
import { businessConfig } from '@app/shared/config';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, test } from 'vitest';
import { withdrawalIdOf } from '../src/db/entities/withdrawal.ts';
import {
  approve,
  failTransfer,
  partiallyApprove,
  reject,
  reviewWithdrawals,
} from '../src/services/admin/withdrawals.ts';
import { requestWithdrawal } from '../src/services/business/withdrawals.ts';
import { operatorOf, signInAdmin, takeAuditId } from './helpers/admin.ts';
import { creator } from './helpers/chat.ts';
import { api, issuePaths, manualClock, db as rawDb, tableName, testDb } from './helpers/cloud.ts';

const A = businessConfig.admin;

let dateSeq = 0;
/** A transfer date no other test uses. */
function uniqueDate(): string {
  dateSeq += 1;
  const year = 2031 + Math.floor(Math.random() * 18);
  const month = 1 + ((dateSeq * 7 + Math.floor(Math.random() * 12)) % 12);
  const day = 1 + Math.floor(Math.random() * 28);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

async function seedIncome(creatorId: string, ym: string, income: number) {
  await testDb()
    .entities.incomeMonth.put({ creatorId, ym, shard: '0', revenue: income * 2, fee: income, income })
    .go();
}

async function seedBank(profileId: string, accountOwner = 'ヤマダ　ハナコ') {
  await testDb()
    .entities.bankAccount.put({
      profileId,
      bankCode: '0001',
      bankName: 'みずほ',
      branchCode: '001',
      branchName: '東京営業部',
      accountType: 'ordinary',
      accountNumber: '1234567',
      accountOwner,
      updatedAt: new Date().toISOString(),
    })
    .go();
}

/** A signed-in creator with a request of February 2026 (`amount` yen) on `date`. */
async function requestOn(date: string, amount = 5000, accountOwner?: string) {
  const c = await creator();
  await seedIncome(c.profileId, '2026-02', amount);
  await seedBank(c.profileId, accountOwner);
  const deps = { db: testDb(), clock: manualClock(new Date('2026-04-20T12:00:00+09:00')) };
  await requestWithdrawal(deps, c.profileId, { year: 2026, month: 2 });
  // The request's own date is computed from its time: each test moves its requests to its own date.
  await testDb()
    .entities.withdrawal.patch({ creatorId: c.profileId, ym: '2026-02' })
    .set({ transferDate: date })
    .go();
  return { ...c, id: withdrawalIdOf(c.profileId, '2026-02') };
}

type Admin = Awaited<ReturnType<typeof signInAdmin>>;

const list = (admin: Admin, date: string) =>
  api(`/admin/withdrawals?date=${date}`, { token: admin.access_token });

async function row(admin: Admin, date: string, id: string) {
  const res = await list(admin, date);
  expect(res.status).toBe(200);
  return res.body.withdrawals.find((w: { id: string }) => w.id === id);
}

const post = (admin: Admin, path: string, body: unknown) =>
  api(`/admin/withdrawals${path}`, { token: admin.access_token, body });

async function auditOf(admin: Admin, targetId: string) {
  const res = await api(
    `/admin/audit?target_id=${encodeURIComponent(targetId)}&from=2026-01-01&to=2099-12-31`,
    {
      token: admin.access_token,
    },
  );
  expect(res.status).toBe(200);
  return res.body.entries as { action: string; actor_id: string; before: unknown; after: unknown }[];
}

/** Opens and approves a request; returns its row. */
async function approved(admin: Admin, id: string) {
  const opened = await post(admin, '/review', { items: [{ id, version: 1 }] });
  expect(opened.status).toBe(200);
  const res = await post(admin, '/approve', { id, version: 2 });
  expect(res.status).toBe(200);
  return res.body.withdrawal;
}

describe('the list by transfer date', () => {
  test('a date’s requests with the creator, the month, the amounts, the bank account and totals', async () => {
    const admin = await signInAdmin();
    const date = uniqueDate();
    const a = await requestOn(date, 5000);
    const b = await requestOn(date, 3000);
    const res = await list(admin, date);
    expect(res.status).toBe(200);
    expect(res.body.date).toBe(date);
    expect(res.body.dates).toContainEqual({ date, count: 2 });
    expect(res.body.withdrawals).toHaveLength(2);
    const rowA = res.body.withdrawals.find((w: { id: string }) => w.id === a.id);
    expect(rowA).toMatchObject({
      status: 'unconfirmed',
      version: 1,
      creator_id: a.profileId,
      creator_nickname: expect.any(String),
      year: 2026,
      month: 2,
      requested_amount: 5000,
      finalized_amount: null,
      transfer_date: date,
      bank: {
        bank_code: '0001',
        branch_code: '001',
        account_number: '1234567',
        account_owner: 'ヤマダ　ハナコ',
      },
      batch_id: null,
    });
    expect(rowA.creator_nickname.length).toBeGreaterThan(0);
    expect(res.body.totals).toEqual({
      count: 2,
      requested: 8000,
      finalized: 0,
      pending_count: 0,
      pending_net: 0,
    });
    expect(res.body.withdrawals.map((w: { id: string }) => w.id).sort()).toEqual([a.id, b.id].sort());
    expect(res.body.batches).toEqual([]);
    // The first test also starts the console's functions (cold starts of the local cloud).
  }, 90_000);

  test('without a date: the next transfer date, listed among the dates', async () => {
    const admin = await signInAdmin();
    const res = await api('/admin/withdrawals', { token: admin.access_token });
    expect(res.status).toBe(200);
    expect(res.body.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(res.body.dates.map((d: { date: string }) => d.date)).toContain(res.body.date);
    const bad = await api('/admin/withdrawals?date=2026-13-40', { token: admin.access_token });
    expect(bad.status).toBe(422);
    expect(issuePaths(bad.body)).toEqual({ date: 'validation.date' });
  });

  test('every route is refused to a creator', async () => {
    const c = await creator();
    for (const [path, body] of [
      ['/admin/withdrawals', undefined],
      ['/admin/withdrawals/review', { items: [] }],
      ['/admin/withdrawals/approve', {}],
      ['/admin/withdrawals/partial', {}],
      ['/admin/withdrawals/reject', {}],
      ['/admin/withdrawals/transfer-failed', {}],
      ['/admin/withdrawals/batches', {}],
      ['/admin/withdrawals/batch-file?batch_id=2026-05-08-001', undefined],
      ['/admin/withdrawals/batches/transferred', {}],
    ] as const) {
      const res = await api(path, { token: c.token, ...(body ? { body } : {}) });
      expect(res.status, path).toBe(403);
    }
    expect((await api('/admin/withdrawals')).status).toBe(401);
  });
});

describe('review actions', () => {
  test('start review singly and in bulk; a stale version is refused for that one only; audited', async () => {
    const admin = await signInAdmin();
    const date = uniqueDate();
    const a = await requestOn(date);
    const b = await requestOn(date);
    const c = await requestOn(date);
    const single = await post(admin, '/review', { items: [{ id: a.id, version: 1 }] });
    expect(single.status).toBe(200);
    expect(single.body.results).toEqual([
      { id: a.id, error: null, withdrawal: expect.objectContaining({ status: 'checking', version: 2 }) },
    ]);
    const bulk = await post(admin, '/review', {
      items: [
        { id: b.id, version: 1 },
        { id: c.id, version: 1 },
        { id: a.id, version: 1 },
      ],
    });
    expect(bulk.status).toBe(200);
    expect(bulk.body.results.map((r: { error: string | null }) => r.error)).toEqual([
      null,
      null,
      'admin_conflict',
    ]);
    expect((await row(admin, date, c.id)).status).toBe('checking');
    // A single stale one is the request's refusal.
    const stale = await post(admin, '/review', { items: [{ id: a.id, version: 1 }] });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('admin_conflict');
    // Already checking, right version: the state machine refuses.
    const state = await post(admin, '/review', { items: [{ id: a.id, version: 2 }] });
    expect(state.status).toBe(409);
    expect(state.body.code).toBe('withdrawal_state');
    const empty = await post(admin, '/review', { items: [] });
    expect(empty.status).toBe(422);
    expect(issuePaths(empty.body)).toEqual({ items: 'validation.adminWithdrawalSelection' });
    const entries = await auditOf(admin, b.id);
    expect(entries).toEqual([
      expect.objectContaining({
        action: 'withdrawal.review',
        actor_id: admin.profile_id,
        before: expect.objectContaining({ status: 'unconfirmed' }),
        after: expect.objectContaining({ status: 'checking' }),
      }),
    ]);
  });

  test('approve, partially approve and reject, each audited with before and after', async () => {
    const admin = await signInAdmin();
    const date = uniqueDate();
    const a = await requestOn(date, 5000);
    const p = await requestOn(date, 5000);
    const r = await requestOn(date, 5000);
    await post(admin, '/review', {
      items: [a, p, r].map((x) => ({ id: x.id, version: 1 })),
    });

    const ok = await post(admin, '/approve', { id: a.id, version: 2, notes: '確認しました' });
    expect(ok.status).toBe(200);
    expect(ok.body.withdrawal).toMatchObject({
      status: 'approved',
      finalized_amount: 5000,
      notes: '確認しました',
      version: 3,
    });
    expect(await auditOf(admin, a.id)).toContainEqual(
      expect.objectContaining({
        action: 'withdrawal.approve',
        before: expect.objectContaining({ status: 'checking', finalized_amount: null }),
        after: expect.objectContaining({ status: 'approved', finalized_amount: 5000 }),
      }),
    );

    const tooMuch = await post(admin, '/partial', {
      id: p.id,
      version: 2,
      finalized_amount: 5000,
      notes: 'n',
    });
    expect(tooMuch.status).toBe(422);
    expect(issuePaths(tooMuch.body)).toEqual({ finalized_amount: 'validation.finalizedAmount' });
    const noNotes = await post(admin, '/partial', {
      id: p.id,
      version: 2,
      finalized_amount: 4000,
      notes: ' ',
    });
    expect(issuePaths(noNotes.body)).toEqual({ notes: 'validation.required' });
    const negative = await post(admin, '/partial', {
      id: p.id,
      version: 2,
      finalized_amount: -1,
      notes: 'n',
    });
    expect(issuePaths(negative.body)).toEqual({ finalized_amount: 'validation.finalizedAmount' });
    const partial = await post(admin, '/partial', {
      id: p.id,
      version: 2,
      finalized_amount: 4000,
      notes: '返金分を差し引きました',
    });
    expect(partial.status).toBe(200);
    expect(partial.body.withdrawal).toMatchObject({
      status: 'partially_approved',
      finalized_amount: 4000,
      net_amount: 4000 - businessConfig.withdrawal.transferFeeYen,
    });
    expect((await auditOf(admin, p.id)).map((e) => e.action)).toContain('withdrawal.partial');

    const noFields = await post(admin, '/reject', {
      id: r.id,
      version: 2,
      reason: '口座名義が違います',
      fields: [],
    });
    expect(issuePaths(noFields.body)).toEqual({ fields: 'validation.adminWithdrawalFaultFields' });
    const badField = await post(admin, '/reject', { id: r.id, version: 2, reason: 'x', fields: ['nose'] });
    expect(issuePaths(badField.body)).toEqual({ 'fields.0': 'validation.adminWithdrawalFaultFields' });
    const long = await post(admin, '/reject', {
      id: r.id,
      version: 2,
      reason: 'あ'.repeat(A.reasonMax + 1),
      fields: ['account_owner'],
    });
    expect(issuePaths(long.body)).toEqual({ reason: 'validation.adminWithdrawalReasonMax' });
    const noReason = await post(admin, '/reject', {
      id: r.id,
      version: 2,
      reason: '',
      fields: ['account_owner'],
    });
    expect(issuePaths(noReason.body)).toEqual({ reason: 'validation.required' });
    const rejected = await post(admin, '/reject', {
      id: r.id,
      version: 2,
      reason: '口座名義が違います',
      fields: ['account_owner', 'account_owner'],
    });
    expect(rejected.status).toBe(200);
    expect(rejected.body.withdrawal).toMatchObject({
      status: 'rejected',
      rejection: { reason: '口座名義が違います', fields: ['account_owner'] },
    });
    expect(await auditOf(admin, r.id)).toContainEqual(
      expect.objectContaining({
        action: 'withdrawal.reject',
        after: expect.objectContaining({
          status: 'rejected',
          rejection: { reason: '口座名義が違います', fields: ['account_owner'] },
        }),
      }),
    );
    // The creator sees each status.
    for (const [who, status] of [
      [a, 'approved'],
      [p, 'partially_approved'],
      [r, 'rejected'],
    ] as const) {
      const history = await api('/mypage/withdraw-request-histories', { token: who.token });
      expect(history.body.withdrawals[0].status).toBe(status);
    }
  });

  test('refusals: unknown ids, malformed ids, wrong state', async () => {
    const admin = await signInAdmin();
    const date = uniqueDate();
    const a = await requestOn(date);
    const unknown = await post(admin, '/approve', { id: '202602nobody', version: 1 });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('withdrawal_not_found');
    const malformed = await post(admin, '/approve', { id: 'x', version: 1 });
    expect(malformed.status).toBe(422);
    expect(issuePaths(malformed.body)).toEqual({ id: 'validation.required' });
    // Still unconfirmed: it must be opened before a decision.
    const early = await post(admin, '/approve', { id: a.id, version: 1 });
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('withdrawal_state');
    const notInFile = await post(admin, '/transfer-failed', { id: a.id, version: 1, reason: 'x' });
    expect(notInFile.status).toBe(409);
    expect(notInFile.body.code).toBe('withdrawal_state');
  });

  test('ten operators approving or rejecting one request at once: one wins', async () => {
    const admins = await Promise.all([signInAdmin(), signInAdmin()]);
    const date = uniqueDate();
    const a = await requestOn(date);
    await post(admins[0] as Admin, '/review', { items: [{ id: a.id, version: 1 }] });
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        i % 2
          ? post(admins[i % 2] as Admin, '/approve', { id: a.id, version: 2 })
          : post(admins[i % 2] as Admin, '/reject', { id: a.id, version: 2, reason: 'r', fields: ['bank'] }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) {
      expect(r.status).toBe(409);
      expect(['admin_conflict', 'withdrawal_state']).toContain(r.body.code);
    }
    const stored = (await testDb().entities.withdrawal.get({ creatorId: a.profileId, ym: '2026-02' }).go())
      .data;
    expect(stored?.version).toBe(3);
    expect(stored?.events).toHaveLength(3);
    const decisions = [
      ...(await auditOf(admins[0] as Admin, a.id)).filter((e) => e.action !== 'withdrawal.review'),
    ];
    expect(decisions).toHaveLength(1);
  });
});

describe('the audit entry in the transition’s transaction', () => {
  const stored = async (w: { profileId: string }) =>
    (
      await testDb()
        .entities.withdrawal.get({ creatorId: w.profileId, ym: '2026-02' })
        .go({ consistent: true })
    ).data;

  type Me = Awaited<ReturnType<typeof operatorOf>>;
  type Deps = { db: ReturnType<typeof testDb>; clock: ReturnType<typeof manualClock> };
  /** Each action, the state its request needs first, and the call. */
  const actions: Record<
    string,
    {
      from: 'new' | 'checking' | 'in_file';
      run: (deps: Deps, me: Me, id: string, version: number) => Promise<unknown>;
    }
  > = {
    'withdrawal.review': {
      from: 'new',
      run: (d, me, id, version) => reviewWithdrawals(d, me, [{ id, version }]),
    },
    'withdrawal.approve': { from: 'checking', run: (d, me, id, version) => approve(d, me, { id, version }) },
    'withdrawal.partial': {
      from: 'checking',
      run: (d, me, id, version) =>
        partiallyApprove(d, me, { id, version, finalized_amount: 4000, notes: '一部' }),
    },
    'withdrawal.reject': {
      from: 'checking',
      run: (d, me, id, version) => reject(d, me, { id, version, reason: '名義', fields: ['bank'] }),
    },
    'withdrawal.transfer_failed': {
      from: 'in_file',
      run: (d, me, id, version) => failTransfer(d, me, { id, version, reason: '口座解約' }),
    },
  };

  test.each(Object.keys(actions))(
    '%s: its entry cannot be written → nothing changes; a retry writes both once; again → refused, no entry',
    async (action) => {
      const { from, run } = actions[action] as (typeof actions)[string];
      const admin = await signInAdmin();
      const date = uniqueDate();
      const w = await requestOn(date);
      if (from === 'checking') await post(admin, '/review', { items: [{ id: w.id, version: 1 }] });
      if (from === 'in_file') {
        await approved(admin, w.id);
        expect((await post(admin, '/batches', { date })).status).toBe(200);
      }
      const before = await stored(w);
      const version = before?.version as number;
      const clock = manualClock();
      const deps = { db: testDb(), clock };
      const me = await operatorOf(admin);
      const entries = async () => (await auditOf(admin, w.id)).filter((e) => e.action === action);
      // The entry's id (instant and key) is taken: the transition's transaction is cancelled whole.
      await takeAuditId(clock.now(), `${w.id}#${version}`);
      await expect(run(deps, me, w.id, version)).rejects.toMatchObject({ code: 'withdrawal_state' });
      expect(await stored(w)).toEqual(before);
      expect(await entries()).toEqual([]);
      // The operator tries again a moment later: the change and its entry, once.
      clock.advance(1000);
      await run(deps, me, w.id, version);
      const after = await stored(w);
      expect([after?.version, after?.events.length]).toEqual([version + 1, (before?.events.length ?? 0) + 1]);
      expect(await entries()).toEqual([
        expect.objectContaining({
          actor_id: admin.profile_id,
          before: expect.objectContaining({ status: before?.status }),
          after: expect.objectContaining({ status: after?.status }),
        }),
      ]);
      // The same action on the same version again (a retry after the answer was lost): refused, no entry.
      clock.advance(1000);
      await expect(run(deps, me, w.id, version)).rejects.toMatchObject({ code: 'admin_conflict' });
      expect(await entries()).toHaveLength(1);
    },
  );

  test('ten identical requests at once: one change, one entry; a refused action writes none', async () => {
    const admin = await signInAdmin();
    const date = uniqueDate();
    const a = await requestOn(date);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => post(admin, '/review', { items: [{ id: a.id, version: 1 }] })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200))
      expect(['admin_conflict', 'withdrawal_state']).toContain(r.body.code);
    expect((await stored(a))?.version).toBe(2);
    expect((await auditOf(admin, a.id)).map((e) => e.action)).toEqual(['withdrawal.review']);
    // Refused: a stale version, the wrong state, not in a transfer file.
    expect((await post(admin, '/approve', { id: a.id, version: 1 })).body.code).toBe('admin_conflict');
    expect((await post(admin, '/review', { items: [{ id: a.id, version: 2 }] })).body.code).toBe(
      'withdrawal_state',
    );
    expect((await post(admin, '/transfer-failed', { id: a.id, version: 2, reason: 'x' })).body.code).toBe(
      'withdrawal_state',
    );
    expect((await auditOf(admin, a.id)).map((e) => e.action)).toEqual(['withdrawal.review']);
    expect((await stored(a))?.version).toBe(2);
  });
});

describe('the transfer file', () => {
  test('approved requests of the date in one file; count, total, checksum; downloaded as generated; not twice', async () => {
    const admin = await signInAdmin();
    const date = uniqueDate();
    const a = await requestOn(date, 5000);
    const b = await requestOn(date, 3000);
    const c = await requestOn(date, 2000);
    await approved(admin, a.id);
    await post(admin, '/review', { items: [{ id: b.id, version: 1 }] });
    await post(admin, '/partial', { id: b.id, version: 2, finalized_amount: 2500, notes: 'n' });
    // c stays unconfirmed: not in the file.
    const before = await list(admin, date);
    expect(before.body.totals).toMatchObject({ finalized: 7500, pending_count: 2, pending_net: 7500 });

    const made = await post(admin, '/batches', { date });
    expect(made.status).toBe(200);
    const batch = made.body.batch;
    expect(batch).toMatchObject({
      id: `${date}-001`,
      transfer_date: date,
      status: 'generated',
      count: 2,
      total: 7500,
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      created_by: admin.profile_id,
    });
    expect(batch.withdrawal_ids.sort()).toEqual([a.id, b.id].sort());

    const file = await api(`/admin/withdrawals/batch-file?batch_id=${batch.id}`, {
      token: admin.access_token,
    });
    expect(file.status).toBe(200);
    expect(file.body.file_name).toBe(`zengin-${batch.id}.txt`);
    const bytes = Buffer.from(file.body.content_base64, 'base64');
    expect(bytes.length).toBe(5 * 122);
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(batch.sha256);
    const text = bytes.toString('latin1');
    const records = text.split('\r\n');
    expect(records.map((r) => r.slice(0, 1))).toEqual(['1', '2', '2', '8', '9', '']);
    // Header: 21, 0, the sample company code; MMDD of the date.
    expect(records[0]?.slice(0, 14)).toBe('12101234567890');
    expect(records[0]?.slice(54, 58)).toBe(date.slice(5, 7) + date.slice(8, 10));
    // Trailer: 2 lines, 7,500 yen.
    expect(records[3]?.slice(0, 19)).toBe('8000002000000007500');
    // The holder ﾔﾏﾀﾞ ﾊﾅｺ in Shift_JIS.
    expect([...bytes.subarray(122 + 50, 122 + 58)]).toEqual([0xd4, 0xcf, 0xc0, 0xde, 0x20, 0xca, 0xc5, 0xba]);
    const again = await api(`/admin/withdrawals/batch-file?batch_id=${batch.id}`, {
      token: admin.access_token,
    });
    expect(again.body.content_base64).toBe(file.body.content_base64);

    const second = await post(admin, '/batches', { date });
    expect(second.status).toBe(409);
    expect(second.body.code).toBe('transfer_batch_empty');
    const after = await list(admin, date);
    expect(after.body.batches).toHaveLength(1);
    expect(after.body.totals).toMatchObject({ pending_count: 0, pending_net: 0 });
    expect((await row(admin, date, a.id)).batch_id).toBe(batch.id);
    expect((await row(admin, date, c.id)).batch_id).toBeNull();
    expect(await auditOf(admin, batch.id)).toEqual([
      expect.objectContaining({
        action: 'withdrawal.transfer_file',
        after: expect.objectContaining({ count: 2, total: 7500, sha256: batch.sha256 }),
      }),
    ]);
    const missing = await api('/admin/withdrawals/batch-file?batch_id=2031-01-01-009', {
      token: admin.access_token,
    });
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('transfer_batch_not_found');
  });

  test('generated five times at once: one batch, each request in it once', async () => {
    const admins = await Promise.all([signInAdmin(), signInAdmin()]);
    const date = uniqueDate();
    const a = await requestOn(date, 5000);
    const b = await requestOn(date, 4000);
    await approved(admins[0] as Admin, a.id);
    await approved(admins[0] as Admin, b.id);
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) => post(admins[i % 2] as Admin, '/batches', { date })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) {
      expect(r.status).toBe(409);
      expect(['admin_conflict', 'transfer_batch_empty']).toContain(r.body.code);
    }
    const page = await list(admins[0] as Admin, date);
    expect(page.body.batches).toHaveLength(1);
    expect(page.body.batches[0]).toMatchObject({ count: 2, total: 9000 });
  });

  test('a holder name outside the bank character set is refused, naming the request', async () => {
    const admin = await signInAdmin();
    const date = uniqueDate();
    const bad = await requestOn(date, 5000, '山田花子');
    await approved(admin, bad.id);
    const res = await post(admin, '/batches', { date });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      code: 'transfer_file_invalid',
      params: { id: bad.id, field: 'account_owner' },
    });
    expect((await list(admin, date)).body.batches).toEqual([]);
    const noDate = await post(admin, '/batches', {});
    expect(issuePaths(noDate.body)).toEqual({ date: 'validation.date' });
  });

  test('marked transferred: every line transferred on the date; the creator sees it; not twice', async () => {
    const admin = await signInAdmin();
    const date = uniqueDate();
    const a = await requestOn(date, 5000);
    const b = await requestOn(date, 3000);
    await approved(admin, a.id);
    await approved(admin, b.id);
    const batch = (await post(admin, '/batches', { date })).body.batch;

    const stale = await post(admin, '/batches/transferred', { batch_id: batch.id, version: 2 });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('admin_conflict');
    const done = await post(admin, '/batches/transferred', { batch_id: batch.id, version: 1 });
    expect(done.status).toBe(200);
    expect(done.body.batch).toMatchObject({
      status: 'transferred',
      version: 2,
      transferred_at: expect.any(String),
    });
    for (const who of [a, b]) {
      const history = await api('/mypage/withdraw-request-histories', { token: who.token });
      expect(history.status).toBe(200);
      expect(history.body.withdrawals[0]).toMatchObject({
        id: who.id,
        status: 'transferred',
        transfer_date: date,
        transferred_at: expect.any(String),
      });
    }
    const twice = await post(admin, '/batches/transferred', { batch_id: batch.id, version: 2 });
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe('transfer_batch_state');
    expect(await auditOf(admin, batch.id)).toContainEqual(
      expect.objectContaining({
        action: 'withdrawal.transferred',
        before: { status: 'generated' },
        after: expect.objectContaining({ status: 'transferred' }),
      }),
    );
    const missing = await post(admin, '/batches/transferred', { batch_id: '2031-01-01-009', version: 1 });
    expect(missing.status).toBe(404);
  });

  test('one line failed: the amount is the creator’s again, they reapply; the rest is transferred', async () => {
    const admin = await signInAdmin();
    const date = uniqueDate();
    const a = await requestOn(date, 5000);
    const b = await requestOn(date, 3000);
    await approved(admin, a.id);
    await approved(admin, b.id);
    const batch = (await post(admin, '/batches', { date })).body.batch;
    const rowB = await row(admin, date, b.id);

    const noReason = await post(admin, '/transfer-failed', { id: b.id, version: rowB.version, reason: '' });
    expect(issuePaths(noReason.body)).toEqual({ reason: 'validation.required' });
    const failed = await post(admin, '/transfer-failed', {
      id: b.id,
      version: rowB.version,
      reason: '口座が解約されていました',
    });
    expect(failed.status).toBe(200);
    expect(failed.body.withdrawal).toMatchObject({
      status: 'transfer_failed',
      transfer_failure: '口座が解約されていました',
    });
    expect(await auditOf(admin, b.id)).toContainEqual(
      expect.objectContaining({
        action: 'withdrawal.transfer_failed',
        before: expect.objectContaining({ status: 'approved' }),
        after: expect.objectContaining({
          status: 'transfer_failed',
          transfer_failure: '口座が解約されていました',
        }),
      }),
    );

    // The creator sees it, their summary counts it as withdrawable again.
    const history = await api('/mypage/withdraw-request-histories', { token: b.token });
    expect(history.body.withdrawals[0]).toMatchObject({
      status: 'transfer_failed',
      transfer_failure: '口座が解約されていました',
    });
    const summary = await api('/mypage/summary', { token: b.token });
    expect(summary.status).toBe(200);
    expect(summary.body.withdrawable_amount).toBe(3000);

    // The batch is marked transferred: the failed line stays failed.
    await post(admin, '/batches/transferred', { batch_id: batch.id, version: 1 });
    expect((await row(admin, date, a.id)).status).toBe('transferred');
    expect((await row(admin, date, b.id)).status).toBe('transfer_failed');

    // The creator fixes the bank account and reapplies: out of the old file, back to the operators.
    await seedBank(b.profileId, 'ヤマダ　ジロウ');
    const again = await api('/mypage/re-request-withdraw', { token: b.token, body: { id: b.id } });
    expect(again.status).toBe(200);
    expect(again.body.withdrawal).toMatchObject({ status: 'reapplying', transfer_failure: null });
    const stored = (await testDb().entities.withdrawal.get({ creatorId: b.profileId, ym: '2026-02' }).go())
      .data;
    expect(stored?.batchId).toBeUndefined();
    expect(stored?.bank.accountOwner).toBe('ヤマダ　ジロウ');
    expect((await api('/mypage/summary', { token: b.token })).body.withdrawable_amount).toBe(0);
  });
});

describe('the transfer-date index backfill (scripts/migrations/withdrawals-transfer-date-index.ts)', () => {
  const keyOf = (creatorId: string) => ({ pk: `income#${creatorId}`, sk: 'withdrawal#2026-02' });
  const stored = async (creatorId: string) =>
    (
      await rawDb().send(
        new GetCommand({ TableName: tableName(), Key: keyOf(creatorId), ConsistentRead: true }),
      )
    ).Item;
  /** Makes a request look as written before issue 17 (no gsi1 keys, or gsi1pk alone). */
  const unindex = (creatorId: string, fields: string) =>
    rawDb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keyOf(creatorId),
        UpdateExpression: `REMOVE ${fields}`,
      }),
    );

  test('old requests come into the console’s list of their date; a second run writes nothing', async () => {
    const { backfillWithdrawalTransferDates } = await import(
      '../../scripts/migrations/withdrawals-transfer-date-index.ts'
    );
    const admin = await signInAdmin();
    const date = uniqueDate();
    const [old, moved, current] = [
      await requestOn(date, 5000),
      await requestOn(date, 4000),
      await requestOn(date, 3000),
    ];
    await unindex(old.profileId, 'gsi1pk, gsi1sk');
    // Written before, then its transfer date moved: the entity's patch wrote gsi1pk alone.
    await unindex(moved.profileId, 'gsi1sk');
    const before = await Promise.all([old, moved, current].map((r) => stored(r.profileId)));
    expect(before[1]?.gsi1pk).toBe(`withdrawals-on#${date}`);
    const listed = async () =>
      ((await list(admin, date)).body.withdrawals as { id: string }[]).map((w) => w.id);
    expect(await listed()).toEqual([current.id]);

    const first = await backfillWithdrawalTransferDates(testDb());
    expect(first.indexed).toBeGreaterThanOrEqual(2);
    expect((await listed()).sort()).toEqual([old.id, moved.id, current.id].sort());
    const res = await list(admin, date);
    expect(res.body.dates).toContainEqual({ date, count: 3 });
    expect(res.body.totals).toMatchObject({ count: 3, requested: 12_000 });
    expect(res.body.withdrawals.find((w: { id: string }) => w.id === old.id)).toMatchObject({
      status: 'unconfirmed',
      version: 1,
      requested_amount: 5000,
      transfer_date: date,
    });
    // Only the keys were added: every other attribute is as it was.
    const after = await Promise.all([old, moved, current].map((r) => stored(r.profileId)));
    for (const [i, item] of after.entries())
      expect(item).toEqual({
        ...before[i],
        gsi1pk: `withdrawals-on#${date}`,
        gsi1sk: `${[old, moved, current][i]?.profileId}#2026-02`,
      });

    // A second run: the requests are in step, nothing is written.
    const second = await backfillWithdrawalTransferDates(testDb());
    expect(second.indexed).toBe(0);
    expect(second.skipped).toBeGreaterThanOrEqual(3);
    expect(await Promise.all([old, moved, current].map((r) => stored(r.profileId)))).toEqual(after);

    // The backfilled request moves on as any other: the console approves it, the list shows it.
    expect((await approved(admin, old.id)).status).toBe('approved');
    expect((await row(admin, date, old.id)).status).toBe('approved');
    // Run alone (-t), it pays the console functions' cold starts too.
  }, 90_000);

  test('a request changed since the scan is read again: its new status is kept', async () => {
    const { indexRequest } = await import('../../scripts/migrations/withdrawals-transfer-date-index.ts');
    const admin = await signInAdmin();
    const date = uniqueDate();
    const r = await requestOn(date, 2000);
    await unindex(r.profileId, 'gsi1pk, gsi1sk');
    const scanned = await stored(r.profileId);
    // An operator opens it after the scan read it (version 1 → 2).
    expect((await post(admin, '/review', { items: [{ id: r.id, version: 1 }] })).status).toBe(200);
    expect(await indexRequest(testDb(), scanned as never)).toBe(true);
    expect(await row(admin, date, r.id)).toMatchObject({ status: 'checking', version: 2 });
    expect(await indexRequest(testDb(), (await stored(r.profileId)) as never)).toBe(false);
  }, 90_000);
});

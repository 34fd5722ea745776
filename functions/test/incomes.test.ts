/** Income rows, the summary with its chart and the monthly statement (issue 12, income branch). */
import { randomUUID } from 'node:crypto';
import { businessConfig } from '@app/shared/config';
import { jstDate, jstMonth } from '@app/shared/time';
import { describe, expect, it } from 'vitest';
import { incomeSummary, shiftMonth } from '../src/services/business/incomes.ts';
import { messageKeyOf } from '../src/services/chat/messages.ts';
import { reverseSpend, spend } from '../src/services/points/ledger.ts';
import { setProfileField } from './helpers/accounts.ts';
import { creator, fan, give, priceToday, room, send } from './helpers/chat.ts';
import { api, issuePaths, manualClock, testDb } from './helpers/cloud.ts';

const db = testDb();
const R = businessConfig.rewards;

const ymParts = (ym: string) => ({ year: ym.slice(0, 4), month: String(Number(ym.slice(5, 7))) });
const query = (ym: string, extra: Record<string, string> = {}) =>
  `?${new URLSearchParams({ ...ymParts(ym), ...extra })}`;

/** A chat spend written through the ledger at `at` (a month the API sees as closed). */
async function spendAt(at: Date, fanId: string, creatorId: string, points: number) {
  return spend(
    { db, clock: manualClock(at) },
    {
      holderId: fanId,
      purpose: 'chat',
      payeeId: creatorId,
      points,
      txId: randomUUID(),
      target: `test:${randomUUID()}`,
      label: { kind: 'chat' },
    },
  );
}

/** A time in the middle of the month `delta` months from this one (JST). */
function midMonth(delta: number): Date {
  const ym = shiftMonth(jstMonth(new Date()), delta);
  return new Date(`${ym}-15T03:00:00.000Z`);
}

describe('income after paid chat, a stamp and a reversal', () => {
  it('lists the rows newest first with buyer and target, and totals by payment type', async () => {
    const [c, f] = await Promise.all([creator(), fan()]);
    await priceToday(c.profileId, 20);
    await give(f.profileId, 1000);
    const chatroomId = await room(f, c);
    const firstUuid = randomUUID();
    expect((await send(f, chatroomId, { text: '一通目' }, firstUuid)).status).toBe(200);
    expect((await send(f, chatroomId, { text: '二通目' })).status).toBe(200);
    expect((await send(f, chatroomId, { stamp_id: 'bouquet' })).status).toBe(200);
    // The first message is reversed (an operator's cancellation): a negative row, totals drop.
    const reversal = await reverseSpend({ db, clock: manualClock() }, messageKeyOf(f.profileId, firstUuid));
    expect(reversal).toEqual({ reversed: true });

    const ym = jstMonth(new Date());
    const list = await api(`/mypage/incomes${query(ym)}`, { token: c.token });
    expect(list.status).toBe(200);
    const chat = { revenue: 20, fee: 20 * (1 - R.chatRate), income: 20 * R.chatRate };
    const stamp = { revenue: 100, fee: 100 * (1 - R.giftRate), income: 100 * R.giftRate };
    expect(list.body.rows.map((r: { points: number }) => r.points)).toEqual([-20, 100, 20, 20]);
    expect(list.body.rows[0]).toMatchObject({
      buyer: { id: f.profileId, nickname: expect.any(String) },
      target: { kind: 'chat', name: null },
      payment_type: 1,
      point_type: 'mushroom',
      income: -chat.income,
    });
    expect(list.body.rows[1]).toMatchObject({ target: { kind: 'stamp', name: 'bouquet' }, payment_type: 4 });
    expect(list.body.totals).toEqual({
      revenue: chat.revenue + stamp.revenue,
      fee: chat.fee + stamp.fee,
      income: chat.income + stamp.income,
    });
    expect(list.body.next_cursor).toBeNull();

    const stamps = await api(`/mypage/incomes${query(ym, { payment_type: '4' })}`, { token: c.token });
    expect(stamps.body.rows).toHaveLength(1);
    expect(stamps.body.rows[0].target).toEqual({ kind: 'stamp', name: 'bouquet' });
    // The totals stay the whole month's, whatever the filter.
    expect(stamps.body.totals).toEqual(list.body.totals);

    const summary = await api(`/mypage/summary${query(ym)}`, { token: c.token });
    expect(summary.status).toBe(200);
    expect(summary.body.by_type).toEqual([
      { payment_type: 1, ...chat },
      { payment_type: 2, revenue: 0, fee: 0, income: 0 },
      { payment_type: 3, revenue: 0, fee: 0, income: 0 },
      { payment_type: 4, ...stamp },
    ]);
    expect(summary.body.closed).toBe(false);
    expect(summary.body.unpaid_amount).toBe(chat.income + stamp.income);
    // This month is open: nothing to withdraw yet.
    expect(summary.body.withdrawable_amount).toBe(0);
    expect(summary.body.chart).toHaveLength(businessConfig.business.chartMonths);
    expect(summary.body.chart.at(-1)).toEqual({ ...numbers(ym), income: chat.income + stamp.income });
    expect(summary.body.campaign).toBeNull();
    // Without year and month: the current month.
    const current = await api('/mypage/summary', { token: c.token });
    expect(current.body).toEqual(summary.body);

    // The fan's own income screen shows nothing of the creator's, and a fan is refused anyway.
    const asFan = await api(`/mypage/incomes${query(ym)}`, { token: f.token });
    expect([asFan.status, asFan.body.code]).toEqual([403, 'forbidden']);
    expect((await api('/mypage/summary', { token: f.token })).status).toBe(403);
    expect((await api(`/mypage/statement${query(shiftMonth(ym, -1))}`, { token: f.token })).status).toBe(403);
    // Another creator reads only their own (empty) partition.
    const other = await creator();
    const theirs = await api(`/mypage/incomes${query(ym)}`, { token: other.token });
    expect(theirs.body).toMatchObject({ rows: [], totals: { revenue: 0, fee: 0, income: 0 } });
    const theirSummary = await api('/mypage/summary', { token: other.token });
    expect(theirSummary.body.unpaid_amount).toBe(0);
  }, 120_000);
});

const numbers = (ym: string) => ({ year: Number(ym.slice(0, 4)), month: Number(ym.slice(5, 7)) });

describe('paging, closed months and the statement', () => {
  it('pages a month with sealed cursors that only this caller and month accept', async () => {
    const [c, f, other] = await Promise.all([creator(), fan(), creator()]);
    await give(f.profileId, 5000);
    const at = midMonth(-1);
    const count = businessConfig.business.incomePageSize + 3;
    for (let i = 0; i < count; i++)
      await spendAt(new Date(at.getTime() + i * 1000), f.profileId, c.profileId, 10);
    const ym = jstMonth(at);
    const first = await api(`/mypage/incomes${query(ym)}`, { token: c.token });
    expect(first.body.rows).toHaveLength(businessConfig.business.incomePageSize);
    expect(typeof first.body.next_cursor).toBe('string');
    const cursor = first.body.next_cursor as string;
    const second = await api(`/mypage/incomes${query(ym, { cursor })}`, { token: c.token });
    expect(second.body.rows).toHaveLength(3);
    expect(second.body.next_cursor).toBeNull();
    const ids = [...first.body.rows, ...second.body.rows].map((r: { id: string }) => r.id);
    expect(new Set(ids).size).toBe(count);
    expect([...ids].sort().reverse()).toEqual(ids);
    // Another caller's cursor, a forged one, or this cursor on another month: 400.
    const stolen = await api(`/mypage/incomes${query(ym, { cursor })}`, { token: other.token });
    expect([stolen.status, stolen.body.code]).toEqual([400, 'cursor_invalid']);
    const forged = await api(`/mypage/incomes${query(ym, { cursor: 'abc' })}`, { token: c.token });
    expect([forged.status, forged.body.code]).toEqual([400, 'cursor_invalid']);
    const moved = await api(`/mypage/incomes${query(shiftMonth(ym, -1), { cursor })}`, { token: c.token });
    expect([moved.status, moved.body.code]).toEqual([400, 'cursor_invalid']);

    // Last month is closed: withdrawable (above the minimum), and its statement is issued.
    const summary = await api('/mypage/summary', { token: c.token });
    const income = count * 10 * R.chatRate;
    expect(summary.body.withdrawable_amount).toBe(
      income >= businessConfig.withdrawal.minimumYen ? income : 0,
    );
    expect(summary.body.chart.at(-2)).toEqual({ ...numbers(ym), income });
    const statement = await api(`/mypage/statement${query(ym)}`, { token: c.token });
    expect(statement.status).toBe(200);
    expect(statement.body).toMatchObject({
      ...numbers(ym),
      issued_on: jstDate(new Date()),
      creator: { full_name: expect.any(String), username: c.username },
      invoice_number: null,
      totals: { revenue: count * 10, income },
      withdrawal: null,
    });
    expect(statement.body.by_type[0]).toMatchObject({ payment_type: 1, income });
  }, 120_000);

  it('refuses the statement of the current month, and bad or half-given months', async () => {
    const c = await creator();
    const now = jstMonth(new Date());
    const open = await api(`/mypage/statement${query(now)}`, { token: c.token });
    expect([open.status, open.body.code]).toEqual([409, 'month_not_closed']);
    const later = await api(`/mypage/statement${query(shiftMonth(now, 2))}`, { token: c.token });
    expect(later.status).toBe(409);
    for (const path of ['/mypage/incomes', '/mypage/summary', '/mypage/statement']) {
      for (const q of [
        '?year=2026',
        '?month=4',
        '?year=2026&month=13',
        '?year=1999&month=1',
        '?year=x&month=1',
      ]) {
        const res = await api(`${path}${q}`, { token: c.token });
        expect([res.status, res.body.code], `${path}${q}`).toEqual([422, 'validation']);
        expect(Object.values(issuePaths(res.body))).toContain('validation.yearMonth');
      }
    }
    const badType = await api('/mypage/incomes?payment_type=5', { token: c.token });
    expect([badType.status, badType.body.code]).toEqual([422, 'validation']);
  });

  it('shows the campaign to a creator registered with its code while it runs', async () => {
    const c = await creator();
    const before = new Date(Date.parse(R.campaignEndsAt) - 86_400_000);
    const summaryAt = (at: Date) => incomeSummary({ db, clock: manualClock(at) }, c.profileId, {});
    expect((await summaryAt(before)).campaign).toBeNull();
    await setProfileField(c.profileId, 'campaignCode', R.campaignCode);
    expect((await summaryAt(before)).campaign).toEqual({
      rate: R.chatCampaignRate,
      ends_at: R.campaignEndsAt,
    });
    expect((await summaryAt(new Date(Date.parse(R.campaignEndsAt) + 1000))).campaign).toBeNull();
  });
});

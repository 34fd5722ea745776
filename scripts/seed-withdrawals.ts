/**
 * Demo data of the console's withdrawals (issue 17): sakura (who has a bank account) with last
 * month's gift income (closed) and a withdrawal request waiting for the operators, made through
 * the creator's own API. The month's totals are written as one income shard (the totals the
 * summary, the statement and the request read), without individual income rows.
 */
import { jstMonth } from '@app/shared/time';
import { authed } from './local/actors.ts';

/** 24,000 points of gifts at 50 %: 12,000 yen of income. */
const REVENUE = 24_000;

function previousMonth(now: Date): string {
  const [y, m] = jstMonth(now).split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 2, 1)).toISOString().slice(0, 7);
}

export async function seedWithdrawalRequest(origin: string, token: string): Promise<void> {
  const { getDb } = await import('../functions/src/db/service.ts');
  const { systemClock } = await import('../functions/src/lib/clock.ts');
  const mypage = await fetch(`${origin}/api/mypage`, { headers: { authorization: `Bearer ${token}` } });
  const me = (await mypage.json()) as { profile?: { id?: string } };
  const creatorId = me.profile?.id;
  if (!creatorId) throw new Error('seed-withdrawals: no profile id from /mypage');
  const ym = previousMonth(systemClock.now());
  const income = REVENUE / 2;
  await getDb()
    .entities.incomeMonth.put({
      creatorId,
      ym,
      shard: '0',
      revenue: REVENUE,
      fee: REVENUE - income,
      income,
      revenue4: REVENUE,
      fee4: REVENUE - income,
      income4: income,
    })
    .go();
  await authed(origin, token, '/mypage/request-withdraw', {
    year: Number(ym.slice(0, 4)),
    month: Number(ym.slice(5, 7)),
  });
}

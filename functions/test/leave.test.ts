import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { expect, test } from 'vitest';
import {
  PASSWORD,
  registerAccount,
  signInFan,
  uniqueUsername,
  validBank,
  validProfile,
  validUser,
} from './helpers/accounts.ts';
import { api, db, itemsMentioning, tableName, testDb } from './helpers/cloud.ts';

test('leaving deletes every item of the profile, irreversibly', async () => {
  const session = await registerAccount();
  const token = session.access_token;
  const username = uniqueUsername('Leaver');
  await api('/mypage/profile/update', { body: validProfile(username), token });
  await api('/mypage/user', { body: validUser, token });
  await api('/mypage/bank', { body: validBank, token });
  // A bank change code waiting to be used goes too.
  expect((await api('/mypage/bank/code', { method: 'POST', body: {}, token })).status).toBe(200);
  await api('/auth/login', { body: { email: session.email, password: PASSWORD } });
  expect((await itemsMentioning(session.profile_id)).length).toBeGreaterThanOrEqual(6);

  const res = await api('/auth/leave', { method: 'POST', body: {}, token });
  expect(res.body).toEqual({ ok: true });

  expect(await itemsMentioning(session.profile_id)).toEqual([]);
  const claims = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': `unique#username#${username.toLowerCase()}` },
    }),
  );
  expect(claims.Items).toEqual([]);
  expect((await api('/mypage', { token })).status).toBe(401);
  expect((await api('/auth/update_token', { body: { refresh_token: session.refresh_token } })).status).toBe(
    401,
  );
  expect((await api('/auth/login', { body: { email: session.email, password: PASSWORD } })).body.code).toBe(
    'invalid_credentials',
  );
  // The address and the username can be used again by someone new.
  const again = await registerAccount({ email: session.email as string });
  expect(again.profile_id).not.toBe(session.profile_id);
  expect(
    (await api('/mypage/profile/update', { body: validProfile(username), token: again.access_token })).status,
  ).toBe(200);
});

test('a fan who leaves starts fresh with the same LINE account', async () => {
  const fan = await signInFan({ displayName: 'さようなら' });
  await api('/auth/leave', { method: 'POST', body: {}, token: fan.access_token });
  const back = await signInFan({ userId: fan.lineUserId });
  expect(back.is_new).toBe(true);
  expect(back.profile_id).not.toBe(fan.profile_id);
});

test('a creator who leaves forfeits unpaid rewards: the income partition and pending withdrawals go', async () => {
  const session = await registerAccount();
  const token = session.access_token;
  await api('/mypage/profile/update', { body: validProfile(), token });
  await api('/mypage/user', { body: validUser, token });
  await api('/mypage/bank', { body: validBank, token });
  const creatorId = session.profile_id;
  const now = new Date().toISOString();
  const { entities } = testDb();
  // A closed month's sale, its totals and a requested withdrawal of that month.
  await entities.incomeRow
    .put({
      creatorId,
      ym: '2026-01',
      rowId: 'r1',
      buyerId: 'fan-x',
      paymentType: 1,
      pointType: 'mushroom',
      points: 4000,
      revenue: 4000,
      fee: 2000,
      income: 2000,
      txId: 'tx-leave-1',
      createdAt: now,
    })
    .go();
  await entities.incomeMonth
    .put({ creatorId, ym: '2026-01', shard: '0', revenue: 4000, fee: 2000, income: 2000 })
    .go();
  const bank = {
    bankCode: '0001',
    bankName: 'みずほ',
    branchCode: '001',
    branchName: '東京営業部',
    accountType: 'ordinary',
    accountNumber: '1234567',
    accountOwner: 'ヤマダ　タロウ',
  };
  await entities.withdrawal
    .put({
      creatorId,
      ym: '2026-01',
      status: 'checking',
      requestedAmount: 2000,
      fee: 0,
      requestedAt: now,
      transferDate: '2026-02-10',
      bank,
      events: [{ at: now, by: 'creator', to: 'checking' }],
      version: 1,
      updatedAt: now,
    })
    .go();
  const listed = async () =>
    (await entities.withdrawal.query.byStatus({ status: 'checking' }).go({ pages: 'all' })).data.filter(
      (w) => w.creatorId === creatorId,
    );
  expect(await listed()).toHaveLength(1);
  const partition = async () =>
    (
      await db().send(
        new QueryCommand({
          TableName: tableName(),
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': `income#${creatorId}` },
        }),
      )
    ).Items ?? [];
  expect(await partition()).toHaveLength(3);

  expect((await api('/auth/leave', { method: 'POST', body: {}, token })).body).toEqual({ ok: true });

  expect(await partition()).toEqual([]);
  // The operators' review list (gsi2 by status) no longer offers a transfer to the left account.
  expect(await listed()).toEqual([]);
});

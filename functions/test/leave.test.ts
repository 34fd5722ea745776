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
import { api, db, itemsMentioning, tableName } from './helpers/cloud.ts';

test('leaving deletes every item of the profile, irreversibly', async () => {
  const session = await registerAccount();
  const token = session.access_token;
  const username = uniqueUsername('Leaver');
  await api('/mypage/profile/update', { body: validProfile(username), token });
  await api('/mypage/user', { body: validUser, token });
  await api('/mypage/bank', { body: validBank, token });
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

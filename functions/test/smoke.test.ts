import { expect, test } from 'vitest';
import { api, latestMail } from './helpers/cloud.ts';

test('register smoke', async () => {
  const email = `smoke${Date.now()}@example.com`;
  const r = await api('/auth/register', { body: { email } });
  expect(r.body).toEqual({ ok: true });
  const mail = await latestMail(email);
  const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
  const v = await api('/auth/register/verify', {
    body: { email, code, password: 'passw0rd!', password_confirmation: 'passw0rd!' },
  });
  expect(v.status).toBe(200);
  const me = await api('/mypage', { token: v.body.access_token });
  console.log(me.status, JSON.stringify(me.body));
  expect(me.status).toBe(200);
});

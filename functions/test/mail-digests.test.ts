/**
 * E-mail notifications (issue 15, mail helper): the hourly digests through the real path (paid
 * messages through the API, the stream consumers of the local cloud marking digests due, the job's
 * service against DynamoDB Local and the SES stand-in's outbox), the preferences and the
 * unsubscribe link.
 */
import { randomUUID } from 'node:crypto';
import { businessConfig } from '@app/shared/config';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { timeId } from '../src/lib/crypto.ts';
import { resetEnvCache } from '../src/lib/env.ts';
import { sesMailer } from '../src/lib/mailer.ts';
import { type DigestDeps, sendDueDigests } from '../src/services/email-notifications/digests.ts';
import { markMessageRecord } from '../src/services/email-notifications/marks.ts';
import { unsubscribeToken } from '../src/services/email-notifications/unsubscribe-token.ts';
import { writeNotices } from '../src/services/notices.ts';
import {
  codeIn,
  registerAccount,
  signInFan,
  uniqueEmail,
  uniqueUsername,
  validUser,
} from './helpers/accounts.ts';
import { give, type Member, room, send, setCost } from './helpers/chat.ts';
import {
  api,
  db as documentClient,
  drainStreams,
  latestMail,
  mailsTo,
  manualClock,
  tableName,
  testDb,
} from './helpers/cloud.ts';

const M = businessConfig.mail;
const MINUTE = 60_000;
const db = testDb();
let authSecret = '';
const savedEnv = { ...process.env };

beforeAll(() => {
  // The job's service runs in this process with the cloud's environment: the real SES client
  // mails to the stand-in's outbox.
  Object.assign(process.env, inject('localEnv'));
  resetEnvCache();
  authSecret = inject('localEnv').AUTH_SECRET as string;
});

afterAll(() => {
  process.env = savedEnv;
  resetEnvCache();
});

interface Person extends Member {
  email: string;
  nickname: string;
}

async function ok<T>(p: Promise<{ status: number; body: T }>, what: string): Promise<T> {
  const res = await p;
  if (res.status !== 200) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

async function newCreator(): Promise<Person> {
  const email = uniqueEmail('digest');
  const s = await registerAccount({ email });
  const username = uniqueUsername('dc');
  const nickname = `作家${username.slice(-4)}`;
  await ok(
    api('/mypage/profile/update', {
      token: s.access_token,
      body: { username, nickname, genre: 'music', bio: 'hi', area: 13 },
    }),
    'profile',
  );
  await ok(api('/mypage/user', { token: s.access_token, body: validUser }), 'user');
  await ok(api('/mypage/skip-step', { token: s.access_token, body: { step: 3 } }), 'skip');
  const member = {
    token: s.access_token,
    refreshToken: s.refresh_token,
    profileId: s.profile_id,
    username,
    roleId: 2,
  };
  await setCost(member, 3);
  return { ...member, email, nickname };
}

/** A fan with a notification e-mail of their own, confirmed unless told otherwise. */
async function newFan(opts: { confirm?: boolean } = {}): Promise<Person> {
  const s = await signInFan({ displayName: 'メールファン' });
  const username = uniqueUsername('df');
  const nickname = `ファン${username.slice(-4)}`;
  const email = uniqueEmail('fan');
  await ok(
    api('/mypage/profile/update', {
      token: s.access_token,
      body: { username, nickname, genre: 'music', bio: 'hi', area: 13 },
    }),
    'profile',
  );
  await ok(
    api('/mypage/user', { token: s.access_token, body: { ...validUser, notification_email: email } }),
    'user',
  );
  if (opts.confirm !== false) {
    await ok(api('/mypage/notification-email/code', { token: s.access_token, body: {} }), 'code');
    const code = codeIn((await latestMail(email))?.text);
    await ok(api('/mypage/notification-email/verify', { token: s.access_token, body: { code } }), 'verify');
  }
  const member = {
    token: s.access_token,
    refreshToken: s.refresh_token,
    profileId: s.profile_id,
    username,
    roleId: 4,
  };
  await give(member.profileId, 500);
  return { ...member, email, nickname };
}

async function paid(f: Person, chatroomId: string, text = 'お返事まってます') {
  const res = await send(f, chatroomId, { text });
  expect(res.status).toBe(200);
}

async function digestOf(profileId: string, kind: string) {
  const { data } = await db.entities.mailDigest
    .get({ profileId, kind: kind as 'replies' })
    .go({ consistent: true });
  return data;
}

function deps(at: Date): DigestDeps {
  return {
    db,
    clock: manualClock(at),
    mailer: sesMailer,
    authSecret,
    siteUrl: inject('localEnv').SITE_URL as string,
  };
}

/** Runs the job's service at the digest's due time (plus `later`). */
async function runAtDue(profileId: string, kind = 'replies', later = 0) {
  const item = await digestOf(profileId, kind);
  if (!item?.dueAt) throw new Error('no digest due');
  return sendDueDigests(deps(new Date(Date.parse(item.dueAt) + later)));
}

/** The notification digests sent to an address (code mails left out), newest first. */
async function digestsTo(email: string) {
  const mails = (await mailsTo(email)) as (Awaited<ReturnType<typeof mailsTo>>[number] & {
    headers?: { name: string; value: string }[];
  })[];
  return mails.filter((m) => m.headers?.some((h) => h.name === 'List-Unsubscribe'));
}

const tokenIn = (text: string | null | undefined) => {
  const m = /unsubscribe\?token=([\w%-]+\.[\w-]+)/.exec(text ?? '');
  if (!m?.[1]) throw new Error('no unsubscribe link');
  return decodeURIComponent(m[1]);
};

describe('the creators’ reply digest', () => {
  let c: Person;
  let f: Person;
  let chatroomId: string;

  beforeAll(async () => {
    c = await newCreator();
    f = await newFan({ confirm: false });
    chatroomId = await room(f, c);
  });

  it('a paid message makes the digest due; after the job one mail lists who waits, with the chat list and an unsubscribe link', async () => {
    await paid(f, chatroomId);
    await drainStreams();
    const item = await digestOf(c.profileId, 'replies');
    expect(item?.dueAt).toBeDefined();
    // Not before its time (the creator may still answer).
    await sendDueDigests(deps(new Date(Date.parse(item?.dueAt as string) - MINUTE)));
    expect(await digestsTo(c.email)).toHaveLength(0);

    const summary = await runAtDue(c.profileId);
    // Other files' digests may be due at the same instant (one table): this creator's mail decides.
    expect(summary.sent).toBeGreaterThanOrEqual(1);
    const mails = await digestsTo(c.email);
    expect(mails).toHaveLength(1);
    const mail = mails[0] as (typeof mails)[number];
    expect(mail.subject).toBe('【kinoko】返信を待っているファンが1人います');
    expect(mail.text).toContain(`・${f.nickname}さん: メッセージ1件（`);
    expect(mail.text).toContain(`${inject('localEnv').SITE_URL}/chatroom`);
    const token = tokenIn(mail.text);
    expect(mail.text).toContain(`${inject('localEnv').SITE_URL}/unsubscribe?token=`);
    expect(mail.headers).toEqual([
      {
        name: 'List-Unsubscribe',
        value: `<${inject('localEnv').SITE_URL}/api/notification/unsubscribe/one-click?token=${encodeURIComponent(token)}>`,
      },
      { name: 'List-Unsubscribe-Post', value: 'List-Unsubscribe=One-Click' },
    ]);
    const after = await digestOf(c.profileId, 'replies');
    expect(after?.dueAt).toBeUndefined();
    expect(after?.lastSentAt).toBeDefined();
  });

  it('a second message within the hour sends nothing; after the hour a new digest counts both', async () => {
    const sentAt = Date.parse((await digestOf(c.profileId, 'replies'))?.lastSentAt as string);
    await paid(f, chatroomId, 'もう一通');
    await drainStreams();
    expect((await digestOf(c.profileId, 'replies'))?.dueAt).toBeDefined();
    // Due (5 minutes after the message) but within the hour: moved to the hour's end, no mail.
    const within = await sendDueDigests(deps(new Date(sentAt + 20 * MINUTE)));
    expect(within.deferred).toBeGreaterThanOrEqual(1);
    expect(await digestsTo(c.email)).toHaveLength(1);
    expect((await digestOf(c.profileId, 'replies'))?.dueAt).toBe(
      new Date(sentAt + M.digestIntervalMinutes * MINUTE).toISOString(),
    );
    // A run just before the hour still sends nothing.
    await sendDueDigests(deps(new Date(sentAt + M.digestIntervalMinutes * MINUTE - 1)));
    expect(await digestsTo(c.email)).toHaveLength(1);

    const summary = await sendDueDigests(deps(new Date(sentAt + M.digestIntervalMinutes * MINUTE)));
    expect(summary.sent).toBeGreaterThanOrEqual(1);
    const mails = await digestsTo(c.email);
    expect(mails).toHaveLength(2);
    expect(mails[0]?.text).toContain(`・${f.nickname}さん: メッセージ2件（`);
  });

  it('a reply before the job: nothing is sent and the digest leaves the due index', async () => {
    const c2 = await newCreator();
    const f2 = await newFan({ confirm: false });
    const id = await room(f2, c2);
    await paid(f2, id);
    await drainStreams();
    expect((await digestOf(c2.profileId, 'replies'))?.dueAt).toBeDefined();
    expect((await send(c2, id, { text: 'ありがとう！' })).status).toBe(200);
    await drainStreams();
    const summary = await runAtDue(c2.profileId);
    expect(summary.nothing).toBeGreaterThanOrEqual(1);
    expect(await digestsTo(c2.email)).toHaveLength(0);
    expect((await digestOf(c2.profileId, 'replies'))?.dueAt).toBeUndefined();
  });

  it('two runs at once send one mail', async () => {
    const c3 = await newCreator();
    const f3 = await newFan({ confirm: false });
    await paid(f3, await room(f3, c3));
    await drainStreams();
    const item = await digestOf(c3.profileId, 'replies');
    const at = new Date(Date.parse(item?.dueAt as string));
    await Promise.all([sendDueDigests(deps(at)), sendDueDigests(deps(at))]);
    expect(await digestsTo(c3.email)).toHaveLength(1);
  });

  it('a redelivered stream record marks nothing twice', async () => {
    const c4 = await newCreator();
    const f4 = await newFan({ confirm: false });
    const id = await room(f4, c4);
    await paid(f4, id);
    await drainStreams();
    const { Items } = await documentClient().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :msg)',
        ExpressionAttributeValues: { ':pk': `chatroom#${id}`, ':msg': 'msg#' },
      }),
    );
    const image = Items?.[0] as Record<string, unknown>;
    const record = { eventName: 'INSERT' as const, image, sequenceNumber: '1', eventId: randomUUID() };
    const due = (await digestOf(c4.profileId, 'replies'))?.dueAt;
    // Delivered again while due: the same due time.
    await markMessageRecord(db, record);
    expect((await digestOf(c4.profileId, 'replies'))?.dueAt).toBe(due);
    await runAtDue(c4.profileId);
    expect(await digestsTo(c4.email)).toHaveLength(1);
    // Delivered again after the digest told of it: nothing becomes due.
    await markMessageRecord(db, record);
    expect((await digestOf(c4.profileId, 'replies'))?.dueAt).toBeUndefined();
  });
});

describe('unsubscribing', () => {
  it('the mail’s link turns the digest off without login: no later mail', async () => {
    const c = await newCreator();
    const f = await newFan({ confirm: false });
    const id = await room(f, c);
    await paid(f, id);
    await drainStreams();
    await runAtDue(c.profileId);
    const token = tokenIn((await digestsTo(c.email))[0]?.text);

    const info = await api(`/notification/unsubscribe?token=${encodeURIComponent(token)}`);
    expect(info.status).toBe(200);
    expect(info.body).toEqual({ kind: 'replies', enabled: true });
    const res = await api('/notification/unsubscribe', { body: { token } });
    expect([res.status, res.body]).toEqual([200, { kind: 'replies', enabled: false }]);
    const prefs = await api('/notification/email', { token: c.token });
    expect(prefs.body.kinds).toEqual([{ kind: 'replies', enabled: false }]);

    // An hour later another paid message: nothing is marked, nothing is sent.
    await paid(f, id, 'まだですか');
    await drainStreams();
    expect((await digestOf(c.profileId, 'replies'))?.dueAt).toBeUndefined();
    const at = new Date(Date.now() + 2 * M.digestIntervalMinutes * MINUTE);
    await sendDueDigests(deps(at));
    expect(await digestsTo(c.email)).toHaveLength(1);

    // On again in the settings (the request's language is the mail's from now on).
    const on = await api('/notification/email', {
      token: c.token,
      body: { kind: 'replies', enabled: true },
      headers: { 'x-lang': 'en' },
    });
    expect(on.body.kinds).toEqual([{ kind: 'replies', enabled: true }]);
    expect((await digestOf(c.profileId, 'replies'))?.lang).toBe('en');
  });

  it('RFC 8058 one-click: a form POST with the token in the query turns it off', async () => {
    const c = await newCreator();
    const token = unsubscribeToken(authSecret, c.profileId, 'replies');
    const res = await fetch(
      `${inject('apiUrl')}/notification/unsubscribe/one-click?token=${encodeURIComponent(token)}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      },
    );
    expect(res.status).toBe(200);
    expect((await digestOf(c.profileId, 'replies'))?.enabled).toBe(false);
    // Another form body is refused; other routes take no form body at all.
    const wrong = await fetch(
      `${inject('apiUrl')}/notification/unsubscribe/one-click?token=${encodeURIComponent(token)}`,
      { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'x=1' },
    );
    expect(wrong.status).toBe(422);
    const form = await fetch(`${inject('apiUrl')}/notification/unsubscribe`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `token=${encodeURIComponent(token)}`,
    });
    expect(form.status).toBe(400);
  });

  it('refuses a forged token, one of another account or kind, or one signed with another secret', async () => {
    const c = await newCreator();
    const other = await newCreator();
    const good = unsubscribeToken(authSecret, c.profileId, 'replies');
    const [, mac] = good.split('.');
    const swapped = `${Buffer.from(`${other.profileId}\nreplies`).toString('base64url')}.${mac}`;
    const otherKind = `${Buffer.from(`${c.profileId}\nmessages`).toString('base64url')}.${mac}`;
    const otherSecret = unsubscribeToken('x'.repeat(40), c.profileId, 'replies');
    for (const token of [swapped, otherKind, otherSecret, `${good}x`, 'abc.def.ghi-jkl']) {
      const res = await api('/notification/unsubscribe', { body: { token } });
      expect([token, res.status]).toEqual([token, expect.any(Number)]);
      expect(res.status, token).toBeGreaterThanOrEqual(400);
      expect(res.status, token).toBeLessThan(500);
    }
    expect((await api('/notification/unsubscribe', { body: { token: swapped } })).body.code).toBe(
      'unsubscribe_invalid',
    );
    expect((await api(`/notification/unsubscribe?token=${otherKind}`)).body.code).toBe('unsubscribe_invalid');
    expect(await digestOf(other.profileId, 'replies')).toBeNull();
    expect(await digestOf(c.profileId, 'messages')).toBeNull();
    // Malformed bodies.
    expect((await api('/notification/unsubscribe', { body: {} })).status).toBe(422);
    expect((await api('/notification/unsubscribe', { body: { token: good, more: 1 } })).status).toBe(422);
    expect((await api('/notification/unsubscribe', { body: { token: 'a'.repeat(600) } })).status).toBe(422);
  });
});

describe('leaving', () => {
  it('takes the choices and digests along (the mail# partition)', async () => {
    const c = await newCreator();
    await ok(
      api('/notification/email', { token: c.token, body: { kind: 'replies', enabled: false } }),
      'off',
    );
    expect(await digestOf(c.profileId, 'replies')).not.toBeNull();
    expect((await api('/auth/leave', { method: 'POST', body: {}, token: c.token })).status).toBe(200);
    expect(await digestOf(c.profileId, 'replies')).toBeNull();
    // Its unsubscribe link still answers, and turns nothing back into being.
    const token = unsubscribeToken(authSecret, c.profileId, 'replies');
    expect((await api('/notification/unsubscribe', { body: { token } })).status).toBe(200);
    expect(await digestOf(c.profileId, 'replies')).toBeNull();
  });
});

describe('fans’ digests', () => {
  it('a fan without a confirmed notification e-mail cannot turn mail on', async () => {
    const f = await newFan({ confirm: false });
    const prefs = await api('/notification/email', { token: f.token });
    expect(prefs.body).toEqual({
      kinds: [
        { kind: 'messages', enabled: false },
        { kind: 'notices', enabled: false },
      ],
      email: f.email,
      email_confirmed: false,
    });
    const res = await api('/notification/email', {
      token: f.token,
      body: { kind: 'messages', enabled: true },
    });
    expect([res.status, res.body.code]).toEqual([409, 'notification_email_unconfirmed']);
    // Turning off needs no address.
    expect(
      (await api('/notification/email', { token: f.token, body: { kind: 'messages', enabled: false } }))
        .status,
    ).toBe(200);
  });

  it('kinds of the other role are refused; guests and bad bodies too', async () => {
    const f = await newFan({ confirm: false });
    const c = await newCreator();
    expect(
      (await api('/notification/email', { token: f.token, body: { kind: 'replies', enabled: false } })).body
        .code,
    ).toBe('mail_kind_not_allowed');
    expect(
      (await api('/notification/email', { token: c.token, body: { kind: 'notices', enabled: true } })).body
        .code,
    ).toBe('mail_kind_not_allowed');
    expect((await api('/notification/email')).status).toBe(401);
    expect((await api('/notification/email', { token: c.token, body: { kind: 'replies' } })).status).toBe(
      422,
    );
    expect(
      (await api('/notification/email', { token: c.token, body: { kind: 'spam', enabled: true } })).status,
    ).toBe(422);
    expect(
      (await api('/notification/email', { token: c.token, body: { kind: 'replies', enabled: 'yes' } }))
        .status,
    ).toBe(422);
  });

  it('a fan who chose messages gets one digest of creators’ messages at the confirmed address; nothing once it is unconfirmed', async () => {
    const c = await newCreator();
    const f = await newFan();
    const id = await room(f, c);
    await ok(api('/notification/email', { token: f.token, body: { kind: 'messages', enabled: true } }), 'on');
    await paid(f, id, 'はじめまして');
    expect((await send(c, id, { text: 'ようこそ！' })).status).toBe(200);
    await drainStreams();
    expect(await runAtDue(f.profileId, 'messages')).toMatchObject({ sent: 1 });
    const mails = await digestsTo(f.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('【kinoko】1人のクリエイターから新しいメッセージが届いています');
    expect(mails[0]?.text).toContain(`・${c.nickname}さんから1件`);

    // The address is no longer confirmed (say, changed): the next due digest is dropped, not sent.
    await db.entities.userInfo
      .patch({ profileId: f.profileId })
      .set({ notificationEmailVerified: false })
      .go();
    expect((await send(c, id, { text: 'また来てね' })).status).toBe(200);
    await drainStreams();
    const at = new Date(Date.now() + 2 * M.digestIntervalMinutes * MINUTE);
    const summary = await sendDueDigests(deps(at));
    expect(summary.dropped).toBeGreaterThanOrEqual(1);
    expect(await digestsTo(f.email)).toHaveLength(1);
  });

  it('a fan who did not choose a kind gets no mail, even with a confirmed address', async () => {
    const c = await newCreator();
    const f = await newFan();
    const id = await room(f, c);
    await paid(f, id);
    expect((await send(c, id, { text: 'こんにちは' })).status).toBe(200);
    await drainStreams();
    expect(await digestOf(f.profileId, 'messages')).toBeNull();
  });

  it('a fan who chose notices gets the important ones (a failed renewal), not the others', async () => {
    const f = await newFan();
    await ok(api('/notification/email', { token: f.token, body: { kind: 'notices', enabled: true } }), 'on');
    const at = new Date();
    await writeNotices(db, [
      {
        to: f.profileId,
        noticeId: `${timeId(at)}-t`,
        kind: 'chat_spend',
        params: { nickname: 'x', points: 3 },
        createdAt: at.toISOString(),
      },
    ]);
    await drainStreams();
    expect(await digestOf(f.profileId, 'notices')).toMatchObject({ enabled: true });
    expect((await digestOf(f.profileId, 'notices'))?.dueAt).toBeUndefined();
    await writeNotices(db, [
      {
        to: f.profileId,
        noticeId: `${timeId(new Date())}-t`,
        kind: 'fanclub_renewal_failed',
        params: { fanclub_name: 'きのこ倶楽部', retry_on: '2026-12-01', points: 500 },
        createdAt: new Date().toISOString(),
      },
    ]);
    await drainStreams();
    expect(await runAtDue(f.profileId, 'notices')).toMatchObject({ sent: 1 });
    const [mail] = await digestsTo(f.email);
    expect(mail?.subject).toBe('【kinoko】新しいお知らせが1件あります');
    expect(mail?.text).toContain('「きのこ倶楽部」の会費を支払えませんでした');
    expect(mail?.text).not.toContain('メッセージを送りました');
    expect(mail?.text).toContain(`${inject('localEnv').SITE_URL}/notice`);
  });
});

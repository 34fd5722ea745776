/**
 * Web Push (issue 15): the /push routes (config, subscribe, topics, list, unsubscribe), their
 * refusals (malformed or foreign endpoints and keys, another profile's device, the device limit
 * under concurrency), the consumers (a message pushes to its recipient with a payload the stand-in
 * decrypts; muted rooms and topics off push nothing; a notice pushes; a 410 removes the device;
 * a redelivered record pushes once), and the stand-in's VAPID check.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { businessConfig } from '@app/shared/config';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, inject, it } from 'vitest';
import { generateRequestDetails } from 'web-push';
import { pushMessageRecord } from '../src/services/push/notify.ts';
import { webPushSender } from '../src/services/push/sender.ts';
import { creator, fan, give, type Member, room, send } from './helpers/chat.ts';
import {
  api,
  db as documentClient,
  drainStreams,
  issuePaths,
  manualClock,
  tableName,
  testDb,
} from './helpers/cloud.ts';

const db = testDb();
const P = businessConfig.push;
const pushBase = () => `${inject('url')}/_local/push`;
const vapidPublicKey = () => inject('localEnv').VAPID_PUBLIC_KEY as string;

interface Browser {
  endpoint: string;
  id: string;
  keys: { p256dh: string; auth: string };
}

/** What a browser does: a P-256 key pair and an auth secret, a subscription at the push service. */
async function browser(opts: { register?: boolean } = {}): Promise<Browser> {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const jwk = publicKey.export({ format: 'jwk' });
  const p256dh = Buffer.concat([
    Buffer.from([4]),
    Buffer.from(jwk.x as string, 'base64url'),
    Buffer.from(jwk.y as string, 'base64url'),
  ]).toString('base64url');
  const auth = randomBytes(16).toString('base64url');
  if (opts.register === false) {
    const id = randomBytes(16).toString('base64url');
    return { endpoint: `${pushBase()}/send/${id}`, id, keys: { p256dh, auth } };
  }
  const res = await fetch(`${pushBase()}/subscriptions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      p256dh,
      auth,
      private_jwk: privateKey.export({ format: 'jwk' }),
      application_server_key: vapidPublicKey(),
    }),
  });
  expect(res.status).toBe(201);
  const { id, endpoint } = (await res.json()) as { id: string; endpoint: string };
  return { endpoint, id, keys: { p256dh, auth } };
}

const turnOn = (
  m: Member,
  b: Browser,
  topics = { messages: true, notices: true },
  label = 'Chrome on Android',
) => api('/push/subscribe', { token: m.token, body: { endpoint: b.endpoint, keys: b.keys, topics, label } });

interface Recorded {
  subscriptionId: string;
  payload: { title: string; body: string; url: string; tag: string; icon: string };
  ttl: number;
  urgency: string;
}

async function pushesTo(b: Browser): Promise<Recorded[]> {
  // Twice: a notice written by one consumer is a new record for the push consumer.
  await drainStreams();
  await drainStreams();
  const res = await fetch(`${pushBase()}.json?endpoint=${encodeURIComponent(b.endpoint)}`);
  return ((await res.json()) as { pushes: Recorded[] }).pushes;
}

describe('the /push routes', () => {
  it('config answers the VAPID public key and the local stand-in', async () => {
    const f = await fan();
    const res = await api('/push/config', { token: f.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ public_key: vapidPublicKey(), stand_in_url: pushBase() });
    expect((await api('/push/config')).status).toBe(401);
  });

  it('a fan and a creator turn a device on, change its topics, list and turn it off', async () => {
    const [f, c] = await Promise.all([fan(), creator()]);
    for (const m of [f, c]) {
      const b = await browser();
      const on = await turnOn(m, b, { messages: true, notices: false }, 'Firefox on Windows');
      expect(on.status).toBe(200);
      const { device } = on.body;
      expect(device).toMatchObject({
        label: 'Firefox on Windows',
        topics: { messages: true, notices: false },
        lang: 'ja',
      });
      expect(JSON.stringify(on.body)).not.toContain(b.endpoint);
      // Turning the same browser on again updates it and counts once.
      const again = await api('/push/subscribe', {
        token: m.token,
        headers: { 'x-lang': 'en' },
        body: { endpoint: b.endpoint, keys: b.keys, topics: { messages: true, notices: true }, label: 'x' },
      });
      expect(again.body.device).toMatchObject({ id: device.id, lang: 'en', topics: { notices: true } });
      const topics = await api('/push/topics', {
        token: m.token,
        body: { id: device.id, topics: { messages: false, notices: true } },
      });
      expect(topics.body.device.topics).toEqual({ messages: false, notices: true });
      const list = await api('/push/subscriptions', { token: m.token });
      expect(list.body).toEqual({
        devices: [expect.objectContaining({ id: device.id, topics: { messages: false, notices: true } })],
        max: P.devicesMax,
      });
      const { data: count } = await db.entities.pushDeviceCount.get({ profileId: m.profileId }).go();
      expect(count?.count).toBe(1);
      const off = await api('/push/unsubscribe', { token: m.token, body: { endpoint: b.endpoint } });
      expect(off.body).toEqual({ removed: true });
      expect((await api('/push/subscriptions', { token: m.token })).body.devices).toEqual([]);
      expect((await db.entities.pushDeviceCount.get({ profileId: m.profileId }).go()).data?.count).toBe(0);
      // Again: nothing left to remove.
      expect((await api('/push/unsubscribe', { token: m.token, body: { id: device.id } })).body).toEqual({
        removed: false,
      });
    }
  });

  it('refuses endpoints that are not a push service’s, malformed keys and labels, with 422 and nothing written', async () => {
    const f = await fan();
    const b = await browser();
    const bad = async (body: Record<string, unknown>) => {
      const res = await api('/push/subscribe', {
        token: f.token,
        body: {
          endpoint: b.endpoint,
          keys: b.keys,
          topics: { messages: true, notices: true },
          label: 'x',
          ...body,
        },
      });
      expect(res.status).toBe(422);
      return issuePaths(res.body);
    };
    // Another server (SSRF), a real push service while the stand-in is in use, no URL at all.
    expect(await bad({ endpoint: 'http://169.254.169.254/latest/meta-data/' })).toEqual({
      endpoint: 'validation.pushEndpoint',
    });
    expect(await bad({ endpoint: 'https://fcm.googleapis.com/fcm/send/abc' })).toEqual({
      endpoint: 'validation.pushEndpoint',
    });
    expect(await bad({ endpoint: 'not a url' })).toEqual({ endpoint: 'validation.pushEndpoint' });
    expect(await bad({ endpoint: `${pushBase()}/send/${'a'.repeat(P.endpointMax)}` })).toEqual({
      endpoint: 'validation.pushEndpoint',
    });
    // Keys of the wrong size, or not a point of the curve.
    expect(await bad({ keys: { p256dh: 'abc', auth: b.keys.auth } })).toEqual({
      'keys.p256dh': 'validation.pushKeys',
    });
    expect(await bad({ keys: { p256dh: b.keys.p256dh, auth: 'x'.repeat(40) } })).toEqual({
      'keys.auth': 'validation.pushKeys',
    });
    const notOnCurve = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 1)]).toString('base64url');
    expect(await bad({ keys: { p256dh: notOnCurve, auth: b.keys.auth } })).toEqual({
      'keys.p256dh': 'validation.pushKeys',
    });
    expect(await bad({ label: 'あ'.repeat(P.labelMax + 1) })).toEqual({ label: 'validation.pushLabel' });
    expect(await bad({ topics: { messages: 'yes', notices: true } })).toHaveProperty(['topics.messages']);
    expect((await api('/push/subscriptions', { token: f.token })).body.devices).toEqual([]);
    // A forged device id.
    const topics = await api('/push/topics', {
      token: f.token,
      body: { id: '../x', topics: { messages: true, notices: true } },
    });
    expect(topics.status).toBe(422);
  });

  it('another profile’s device can be neither read, changed nor removed', async () => {
    const [a, intruder] = await Promise.all([fan(), fan()]);
    const b = await browser();
    const { device } = (await turnOn(a, b)).body;
    expect((await api('/push/subscriptions', { token: intruder.token })).body.devices).toEqual([]);
    expect(
      (await api('/push/unsubscribe', { token: intruder.token, body: { endpoint: b.endpoint } })).body,
    ).toEqual({ removed: false });
    expect((await api('/push/unsubscribe', { token: intruder.token, body: { id: device.id } })).body).toEqual(
      {
        removed: false,
      },
    );
    const change = await api('/push/topics', {
      token: intruder.token,
      body: { id: device.id, topics: { messages: false, notices: false } },
    });
    expect(change.status).toBe(404);
    expect(change.body.code).toBe('push_device_not_found');
    expect((await api('/push/subscriptions', { token: a.token })).body.devices).toEqual([
      expect.objectContaining({ id: device.id, topics: { messages: true, notices: true } }),
    ]);
  });

  it(`at most ${P.devicesMax} devices, also when the last ones race`, async () => {
    const f = await fan();
    const browsers = await Promise.all(
      Array.from({ length: P.devicesMax + 4 }, () => browser({ register: false })),
    );
    for (const b of browsers.slice(0, P.devicesMax - 1)) expect((await turnOn(f, b)).status).toBe(200);
    const raced = await Promise.all(browsers.slice(P.devicesMax - 1).map((b) => turnOn(f, b)));
    expect(raced.filter((r) => r.status === 200)).toHaveLength(1);
    const refused = raced.filter((r) => r.status !== 200);
    expect(refused).toHaveLength(4);
    for (const r of refused)
      expect(r.body).toMatchObject({ code: 'push_device_limit', params: { max: P.devicesMax } });
    expect((await api('/push/subscriptions', { token: f.token })).body.devices).toHaveLength(P.devicesMax);
    expect((await db.entities.pushDeviceCount.get({ profileId: f.profileId }).go()).data?.count).toBe(
      P.devicesMax,
    );
    // One removed: one more fits.
    await api('/push/unsubscribe', { token: f.token, body: { endpoint: browsers[0]?.endpoint } });
    const winner = raced.findIndex((r) => r.status === 200);
    const next = browsers.slice(P.devicesMax - 1).find((_b, i) => i !== winner) as Browser;
    expect((await turnOn(f, next)).status).toBe(200);
  });
});

describe('the push consumers', () => {
  it('a message pushes to its recipient (never the sender), decryptable, in the recipient’s language', async () => {
    const [f, c] = await Promise.all([fan(), creator()]);
    const [fb, cb] = await Promise.all([browser(), browser()]);
    expect((await turnOn(f, fb)).status).toBe(200);
    const en = await api('/push/subscribe', {
      token: c.token,
      headers: { 'x-lang': 'en' },
      body: { endpoint: cb.endpoint, keys: cb.keys, topics: { messages: true, notices: false }, label: 'x' },
    });
    expect(en.status).toBe(200);
    await give(f.profileId, 10);
    const chatroomId = await room(f, c);
    const sent = await send(f, chatroomId, { text: 'ひみつのメッセージ' });
    expect(sent.status).toBe(200);
    const toCreator = await pushesTo(cb);
    expect(toCreator).toHaveLength(1);
    const nickname = (await db.entities.profile.get({ profileId: f.profileId }).go()).data?.nickname;
    expect(toCreator[0]).toMatchObject({
      ttl: P.ttlSeconds,
      urgency: 'high',
      payload: {
        title: 'New message',
        body: `${nickname} sent you a message.`,
        url: `/en/chatroom/${f.username}`,
        tag: `room-${chatroomId}`,
        icon: '/icons/icon-192.png',
      },
    });
    expect(JSON.stringify(toCreator)).not.toContain('ひみつ');
    // The sender's own device got nothing for it; the creator's free reply reaches the fan in ja.
    expect(await pushesTo(fb)).toEqual([]);
    expect((await send(c, chatroomId, { text: 'ありがとう' })).status).toBe(200);
    const toFan = await pushesTo(fb);
    expect(toFan).toHaveLength(1);
    expect(toFan[0]?.payload).toMatchObject({
      title: '新しいメッセージ',
      url: `/ja/chatroom/${c.username}`,
      tag: `room-${chatroomId}`,
    });
  });

  it('a muted room and messages turned off push nothing; notices still push when on', async () => {
    const [f, c] = await Promise.all([fan(), creator()]);
    const cb = await browser();
    const { device } = (await turnOn(c, cb)).body;
    await give(f.profileId, 10);
    const chatroomId = await room(f, c);
    expect((await send(f, chatroomId, { text: 'one' })).status).toBe(200);
    expect(await pushesTo(cb)).toHaveLength(1);
    expect(
      (await api('/mute', { token: c.token, body: { chatroom_id: chatroomId, muted: true } })).status,
    ).toBe(200);
    expect((await send(f, chatroomId, { text: 'two' })).status).toBe(200);
    expect(await pushesTo(cb)).toHaveLength(1);
    await api('/mute', { token: c.token, body: { chatroom_id: chatroomId, muted: false } });
    await api('/push/topics', {
      token: c.token,
      body: { id: device.id, topics: { messages: false, notices: true } },
    });
    expect((await send(f, chatroomId, { text: 'three' })).status).toBe(200);
    expect(await pushesTo(cb)).toHaveLength(1);
    // A like is a notice ('liked'): pushed to the creator's device with notices on.
    expect((await api('/like', { token: f.token, body: { profile_id: c.profileId } })).status).toBe(200);
    const pushes = await pushesTo(cb);
    expect(pushes).toHaveLength(2);
    expect(pushes[0]?.payload).toMatchObject({ title: 'お知らせ', url: '/ja/notice', tag: 'notices' });
    // Notices off too: the next notice pushes nothing.
    await api('/push/topics', {
      token: c.token,
      body: { id: device.id, topics: { messages: false, notices: false } },
    });
    const other = await fan();
    await api('/like', { token: other.token, body: { profile_id: c.profileId } });
    expect(await pushesTo(cb)).toHaveLength(2);
  });

  it('a device the push service answers 410 for is removed; a redelivered record pushes once', async () => {
    const [f, c] = await Promise.all([fan(), creator()]);
    const [gone, kept] = await Promise.all([browser(), browser()]);
    await turnOn(c, gone);
    await turnOn(c, kept);
    expect((await fetch(`${pushBase()}/subscriptions/${gone.id}`, { method: 'DELETE' })).status).toBe(200);
    await give(f.profileId, 10);
    const chatroomId = await room(f, c);
    expect((await send(f, chatroomId, { text: 'hello' })).status).toBe(200);
    expect(await pushesTo(kept)).toHaveLength(1);
    expect(await pushesTo(gone)).toHaveLength(0);
    const devices = (await api('/push/subscriptions', { token: c.token })).body.devices as { id: string }[];
    expect(devices).toHaveLength(1);
    expect((await db.entities.pushDeviceCount.get({ profileId: c.profileId }).go()).data?.count).toBe(1);
    // The same record handled again (a redelivery): the mark of the accepted push stops a second one.
    const { data: messages } = await db.entities.message.query.byRoom({ chatroomId }).go();
    const message = messages[0];
    expect(message).toBeDefined();
    const env = inject('localEnv');
    const deps = {
      db,
      clock: manualClock(),
      send: webPushSender({
        publicKey: env.VAPID_PUBLIC_KEY as string,
        privateKey: env.VAPID_PRIVATE_KEY as string,
        subject: 'mailto:test@kinoko.localhost',
      }),
    };
    const { Item: image } = await documentClient().send(
      new GetCommand({
        TableName: tableName(),
        Key: { pk: `chatroom#${chatroomId}`, sk: `msg#${message?.messageId}` },
      }),
    );
    await pushMessageRecord(deps, { eventName: 'INSERT', image: image ?? {}, sequenceNumber: '1' });
    expect(await pushesTo(kept)).toHaveLength(1);
  });
});

describe('the push stand-in', () => {
  const details = (b: Browser, opts: { endpoint?: string; privateKey?: string; publicKey?: string } = {}) => {
    const env = inject('localEnv');
    return generateRequestDetails({ endpoint: opts.endpoint ?? b.endpoint, keys: b.keys }, '{"title":"x"}', {
      vapidDetails: {
        subject: 'mailto:test@kinoko.localhost',
        publicKey: opts.publicKey ?? (env.VAPID_PUBLIC_KEY as string),
        privateKey: opts.privateKey ?? (env.VAPID_PRIVATE_KEY as string),
      },
      TTL: 60,
      contentEncoding: 'aes128gcm',
    });
  };
  const post = (url: string, headers: Record<string, string>, body: Buffer) =>
    fetch(url, { method: 'POST', headers, body: new Uint8Array(body) });

  it('accepts a well-signed push and refuses a wrong signature, audience, key, TTL and a gone subscription', async () => {
    const b = await browser();
    const good = details(b);
    const headers = good.headers as Record<string, string>;
    expect((await post(b.endpoint, headers, good.body)).status).toBe(201);
    // The JWT's signature altered.
    const auth = headers.Authorization as string;
    const tampered = auth.replace(/t=([^.]+\.[^.]+)\.([A-Za-z0-9_-]+)/, (_m, signed: string, sig: string) => {
      const bytes = Buffer.from(sig, 'base64url');
      bytes[0] = (bytes[0] as number) ^ 0xff;
      return `t=${signed}.${bytes.toString('base64url')}`;
    });
    expect(tampered).not.toBe(auth);
    expect((await post(b.endpoint, { ...headers, Authorization: tampered }, good.body)).status).toBe(401);
    // Signed for another origin (aud): 127.0.0.1 instead of localhost.
    const other = details(b, { endpoint: b.endpoint.replace('localhost', '127.0.0.1') });
    expect((await post(b.endpoint, other.headers as Record<string, string>, other.body)).status).toBe(401);
    // Another application server's key pair than the one the browser subscribed with.
    const { generateVAPIDKeys } = await import('web-push');
    const foreign = generateVAPIDKeys();
    const wrongKey = details(b, { publicKey: foreign.publicKey, privateKey: foreign.privateKey });
    expect((await post(b.endpoint, wrongKey.headers as Record<string, string>, wrongKey.body)).status).toBe(
      403,
    );
    // No TTL header.
    const { TTL: _ttl, ...noTtl } = headers;
    expect((await post(b.endpoint, noTtl, good.body)).status).toBe(400);
    // Unknown, then expired subscriptions.
    expect((await post(`${pushBase()}/send/unknown`, headers, good.body)).status).toBe(404);
    await fetch(`${pushBase()}/subscriptions/${b.id}`, { method: 'DELETE' });
    expect((await post(b.endpoint, headers, good.body)).status).toBe(410);
    const recorded = await pushesTo(b);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]?.payload).toEqual({ title: 'x' });
  });
});

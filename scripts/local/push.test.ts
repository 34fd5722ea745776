import { createSign, generateKeyPairSync, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import webPush from 'web-push';
import { decryptPush, generateVapidKeys, vapidRefusal } from './push.ts';

const AUDIENCE = 'http://localhost:3000';
const NOW = 1_800_000_000;

/** An ES256 JWT signed with a fresh key pair; `k` is its public key. */
function jwt(claims: Record<string, unknown>, alg = 'ES256') {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const head = Buffer.from(JSON.stringify({ typ: 'JWT', alg })).toString('base64url');
  const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
  const signature = createSign('sha256')
    .update(`${head}.${body}`)
    .sign({ key: privateKey, dsaEncoding: 'ieee-p1363' })
    .toString('base64url');
  const jwk = publicKey.export({ format: 'jwk' });
  const k = Buffer.concat([
    Buffer.from([4]),
    Buffer.from(jwk.x as string, 'base64url'),
    Buffer.from(jwk.y as string, 'base64url'),
  ]).toString('base64url');
  return { header: `vapid t=${head}.${body}.${signature}, k=${k}`, k };
}

const good = { aud: AUDIENCE, exp: NOW + 3600, sub: 'mailto:ops@example.jp' };

describe('the push stand-in’s VAPID check (RFC 8292)', () => {
  it('accepts a signed JWT for the endpoint’s origin that expires within 24 hours', () => {
    expect(vapidRefusal(jwt(good).header, AUDIENCE, NOW)).toBeNull();
  });

  it('refuses what a push service refuses', () => {
    expect(vapidRefusal(undefined, AUDIENCE, NOW)).toMatch(/missing/);
    expect(vapidRefusal('WebPush abc', AUDIENCE, NOW)).toMatch(/missing/);
    expect(vapidRefusal(jwt({ ...good, aud: 'https://other.example' }).header, AUDIENCE, NOW)).toMatch(/aud/);
    expect(vapidRefusal(jwt({ ...good, exp: NOW - 1 }).header, AUDIENCE, NOW)).toMatch(/expired/);
    expect(vapidRefusal(jwt({ ...good, exp: NOW + 86_401 }).header, AUDIENCE, NOW)).toMatch(/24 hours/);
    expect(vapidRefusal(jwt({ ...good, sub: 'ops@example.jp' }).header, AUDIENCE, NOW)).toMatch(/sub/);
    expect(vapidRefusal(jwt(good, 'HS256').header, AUDIENCE, NOW)).toMatch(/ES256/);
    // Signed by one key, presented with another.
    const other = jwt(good);
    expect(vapidRefusal(jwt(good).header.replace(/k=.*$/, `k=${other.k}`), AUDIENCE, NOW)).toMatch(
      /signature/,
    );
  });

  it('accepts the headers web-push makes with a key pair of generateVapidKeys', () => {
    const keys = generateVapidKeys();
    const headers = webPush.getVapidHeaders(
      AUDIENCE,
      'mailto:ops@example.jp',
      keys.publicKey,
      keys.privateKey,
      'aes128gcm',
    ) as { Authorization: string };
    expect(vapidRefusal(headers.Authorization, AUDIENCE, Date.now() / 1000)).toBeNull();
  });
});

describe('the push stand-in’s decryption (RFC 8291, aes128gcm)', () => {
  it('reads what web-push encrypted for the subscription', () => {
    const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    const jwk = publicKey.export({ format: 'jwk' });
    const p256dh = Buffer.concat([
      Buffer.from([4]),
      Buffer.from(jwk.x as string, 'base64url'),
      Buffer.from(jwk.y as string, 'base64url'),
    ]).toString('base64url');
    const auth = randomBytes(16).toString('base64url');
    const message = JSON.stringify({ title: '新しいメッセージ', body: 'ひなたさんから' });
    const encrypted = webPush.encrypt(p256dh, auth, message, 'aes128gcm');
    const plain = decryptPush(encrypted.cipherText, {
      p256dh,
      auth,
      privateJwk: privateKey.export({ format: 'jwk' }),
    });
    expect(plain.toString('utf8')).toBe(message);
  });
});

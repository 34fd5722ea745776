/**
 * The local push service (Web Push stand-in): what a browser's push service (FCM, Mozilla autopush,
 * Apple) does for the sender, on this machine, which has no internet. It
 * - hands out endpoints: the site's "turn on" in the local stage posts the browser's public key,
 *   auth secret and private key (made with WebCrypto) to `POST /_local/push/subscriptions`, and gets
 *   back an endpoint `<url>/_local/push/send/<id>` (a real browser would get one from
 *   `pushManager.subscribe`);
 * - accepts pushes as a push service does (RFC 8030 POST with `TTL`, `Content-Encoding: aes128gcm`,
 *   RFC 8292 `Authorization: vapid t=<JWT>, k=<key>`): the JWT's ES256 signature is checked with
 *   `k`, its `aud` must be the endpoint's origin and its `exp` within 24 hours; refusals answer as
 *   the real services do (401 bad JWT, 403 another application server key, 404 unknown, 410 gone,
 *   413 too large, 400 a missing TTL or another encoding);
 * - records each accepted push, decrypted with the registered private key (RFC 8291), for
 *   developers (`/_local/push`, HTML) and tests (`/_local/push.json`).
 */
import {
  createDecipheriv,
  createHmac,
  createPrivateKey,
  createPublicKey,
  diffieHellman,
  generateKeyPairSync,
  type JsonWebKey,
  randomBytes,
  verify,
} from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { BodyTooLargeError, escapeHtml, readBody, sendHtml, sendJson } from './http-util.ts';
import type { Log } from './log.ts';

/** Push services take at most 4096 bytes of encrypted payload. */
const MAX_PAYLOAD = 4096;
const DAY_SECONDS = 86_400;

export interface StandInSubscription {
  id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  /** The browser's private key (JWK), so the log can show what the push said. */
  privateJwk: JsonWebKey;
  /** The VAPID public key the page subscribed with; pushes signed with another are refused. */
  applicationServerKey: string | null;
  createdAt: string;
  /** Set when the subscription was removed (the browser unsubscribed): pushes get 410. */
  goneAt: string | null;
}

export interface RecordedPush {
  id: string;
  subscriptionId: string;
  endpoint: string;
  receivedAt: string;
  ttl: number;
  urgency: string;
  topic: string | null;
  bytes: number;
  /** The decrypted payload, parsed as JSON when it is. */
  payload: unknown;
}

interface State {
  subscriptions: StandInSubscription[];
  pushes: RecordedPush[];
}

/** A VAPID key pair (base64url: the 65-byte public point, the 32-byte private scalar). */
export function generateVapidKeys(): { publicKey: string; privateKey: string } {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const pub = publicKey.export({ format: 'jwk' });
  const priv = privateKey.export({ format: 'jwk' });
  const raw = Buffer.concat([
    Buffer.from([4]),
    Buffer.from(pub.x as string, 'base64url'),
    Buffer.from(pub.y as string, 'base64url'),
  ]);
  return { publicKey: raw.toString('base64url'), privateKey: priv.d as string };
}

/** The local VAPID key pair: made once and kept in `file` (null: a new pair per start). */
export function localVapidKeys(file: string | null): { publicKey: string; privateKey: string } {
  if (file && existsSync(file)) return JSON.parse(readFileSync(file, 'utf8'));
  const keys = generateVapidKeys();
  if (file) writeFileSync(file, JSON.stringify(keys, null, 2), { mode: 0o600 });
  return keys;
}

/** A P-256 public key from its uncompressed point (base64url). */
function publicKeyOf(raw: Buffer) {
  if (raw.length !== 65 || raw[0] !== 4) throw new Error('not an uncompressed P-256 point');
  return createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
}

/**
 * Why a VAPID Authorization header is refused (RFC 8292), or null: the scheme, the JWT's ES256
 * signature with `k`, `aud` = the endpoint's origin, `exp` in the future and at most 24 h away.
 */
export function vapidRefusal(
  header: string | undefined,
  audience: string,
  nowSeconds: number,
): string | null {
  const match = /^vapid\s+(.+)$/i.exec(header ?? '');
  if (!match) return 'missing vapid authorization';
  const params = new Map<string, string>();
  for (const part of (match[1] as string).split(',')) {
    const eq = part.indexOf('=');
    if (eq > 0) params.set(part.slice(0, eq).trim(), part.slice(eq + 1).trim());
  }
  const token = params.get('t');
  const key = params.get('k');
  if (!token || !key) return 'vapid needs t and k';
  const [header64, claims64, signature64] = token.split('.');
  if (!header64 || !claims64 || !signature64) return 'malformed JWT';
  let claims: { aud?: unknown; exp?: unknown; sub?: unknown };
  try {
    const head = JSON.parse(Buffer.from(header64, 'base64url').toString('utf8')) as { alg?: string };
    if (head.alg !== 'ES256') return 'JWT alg must be ES256';
    claims = JSON.parse(Buffer.from(claims64, 'base64url').toString('utf8'));
    const ok = verify(
      'sha256',
      Buffer.from(`${header64}.${claims64}`),
      { key: publicKeyOf(Buffer.from(key, 'base64url')), dsaEncoding: 'ieee-p1363' },
      Buffer.from(signature64, 'base64url'),
    );
    if (!ok) return 'bad JWT signature';
  } catch {
    return 'malformed JWT or key';
  }
  if (claims.aud !== audience) return `JWT aud must be ${audience}`;
  if (typeof claims.exp !== 'number' || claims.exp <= nowSeconds) return 'JWT expired';
  if (claims.exp > nowSeconds + DAY_SECONDS) return 'JWT exp more than 24 hours ahead';
  if (typeof claims.sub !== 'string' || !/^(mailto:|https:)/.test(claims.sub))
    return 'JWT sub must be mailto: or https:';
  return null;
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** RFC 8291 / RFC 8188 (aes128gcm): the plaintext of a push for the subscription's private key. */
export function decryptPush(
  body: Buffer,
  sub: Pick<StandInSubscription, 'p256dh' | 'auth' | 'privateJwk'>,
): Buffer {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20] as number;
  const senderKey = body.subarray(21, 21 + idLength);
  const records = body.subarray(21 + idLength);
  if (records.length > recordSize) throw new Error('one record expected');
  const uaPublic = Buffer.from(sub.p256dh, 'base64url');
  const secret = diffieHellman({
    privateKey: createPrivateKey({ key: sub.privateJwk, format: 'jwk' }),
    publicKey: publicKeyOf(senderKey),
  });
  const prkKey = hmac(Buffer.from(sub.auth, 'base64url'), secret);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, senderKey, Buffer.from([1])]);
  const ikm = hmac(prkKey, keyInfo);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(records.subarray(records.length - 16));
  const padded = Buffer.concat([decipher.update(records.subarray(0, records.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 2, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end);
}

export class PushStandIn {
  private state: State = { subscriptions: [], pushes: [] };
  private readonly base: string;

  constructor(private readonly opts: { url: string; file: string | null; log: Log }) {
    this.base = `${opts.url}/_local/push`;
    if (opts.file && existsSync(opts.file)) this.state = JSON.parse(readFileSync(opts.file, 'utf8')) as State;
  }

  /** The URL the senders must post to (PUSH_STAND_IN_URL). */
  get url(): string {
    return this.base;
  }

  subscriptions(): StandInSubscription[] {
    return [...this.state.subscriptions].reverse();
  }

  /** Newest first; `endpoint` narrows to one subscription's pushes. */
  pushes(filter: { endpoint?: string } = {}): RecordedPush[] {
    const list = filter.endpoint
      ? this.state.pushes.filter((p) => p.endpoint === filter.endpoint)
      : this.state.pushes;
    return [...list].reverse();
  }

  /** A new subscription, as a browser's push service creates one (tests call it too). */
  subscribe(input: {
    p256dh: string;
    auth: string;
    privateJwk: JsonWebKey;
    applicationServerKey: string | null;
  }): StandInSubscription {
    const id = randomBytes(16).toString('base64url');
    const sub: StandInSubscription = {
      id,
      endpoint: `${this.base}/send/${id}`,
      ...input,
      createdAt: new Date().toISOString(),
      goneAt: null,
    };
    this.state.subscriptions.push(sub);
    this.save();
    return sub;
  }

  /** The subscription expires (a browser unsubscribed or cleared its data): later pushes get 410. */
  expire(id: string): boolean {
    const sub = this.state.subscriptions.find((s) => s.id === id);
    if (!sub) return false;
    sub.goneAt ??= new Date().toISOString();
    this.save();
    return true;
  }

  private save(): void {
    if (this.opts.file) writeFileSync(this.opts.file, JSON.stringify(this.state, null, 2));
  }

  async handle(
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    query: URLSearchParams,
  ): Promise<void> {
    const send = /^\/send\/([A-Za-z0-9_-]{1,64})$/.exec(path);
    if (send && req.method === 'POST') return this.receive(req, res, send[1] as string);
    if (path === '/subscriptions' && req.method === 'POST') return this.create(req, res);
    const one = /^\/subscriptions\/([A-Za-z0-9_-]{1,64})$/.exec(path);
    if (one && req.method === 'DELETE') {
      sendJson(res, this.expire(one[1] as string) ? 200 : 404, {});
      return;
    }
    req.resume();
    if (path === '.json' && req.method === 'GET') {
      const endpoint = query.get('endpoint') ?? undefined;
      sendJson(
        res,
        200,
        {
          subscriptions: this.subscriptions().map(({ privateJwk: _, ...s }) => s),
          pushes: this.pushes(endpoint ? { endpoint } : {}),
        },
        { 'cache-control': 'no-store' },
      );
      return;
    }
    if (path === '' && req.method === 'GET') return this.page(res);
    sendJson(res, 404, { message: `The local push stand-in does not implement ${req.method} ${path}` });
  }

  private async create(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let body: Record<string, unknown>;
    try {
      body = JSON.parse((await readBody(req, 16_384)).toString('utf8')) as Record<string, unknown>;
    } catch {
      sendJson(res, 400, { message: 'The body must be JSON' });
      return;
    }
    const { p256dh, auth, private_jwk: privateJwk, application_server_key: serverKey } = body;
    if (
      typeof p256dh !== 'string' ||
      typeof auth !== 'string' ||
      typeof privateJwk !== 'object' ||
      privateJwk === null
    ) {
      sendJson(res, 400, { message: 'p256dh, auth and private_jwk are required' });
      return;
    }
    try {
      createPrivateKey({ key: privateJwk as JsonWebKey, format: 'jwk' });
      publicKeyOf(Buffer.from(p256dh, 'base64url'));
    } catch {
      sendJson(res, 400, { message: 'private_jwk and p256dh must be a P-256 key pair' });
      return;
    }
    const sub = this.subscribe({
      p256dh,
      auth,
      privateJwk: privateJwk as JsonWebKey,
      applicationServerKey: typeof serverKey === 'string' ? serverKey : null,
    });
    this.opts.log.info(`push subscription ${sub.id}`);
    sendJson(res, 201, { id: sub.id, endpoint: sub.endpoint });
  }

  private async receive(req: IncomingMessage, res: ServerResponse, id: string): Promise<void> {
    let body: Buffer;
    try {
      body = await readBody(req, MAX_PAYLOAD + 1024);
    } catch (error) {
      if (error instanceof BodyTooLargeError) return sendJson(res, 413, { message: 'Payload too large' });
      throw error;
    }
    const sub = this.state.subscriptions.find((s) => s.id === id);
    if (!sub) return sendJson(res, 404, { errno: 102, message: 'No such subscription' });
    if (sub.goneAt) return sendJson(res, 410, { errno: 106, message: 'Subscription expired' });
    const refusal = vapidRefusal(req.headers.authorization, new URL(sub.endpoint).origin, Date.now() / 1000);
    if (refusal) return sendJson(res, 401, { errno: 109, message: refusal });
    const key = /(?:^|[\s,])k=([A-Za-z0-9_-]+)/.exec(req.headers.authorization ?? '')?.[1];
    if (sub.applicationServerKey && key !== sub.applicationServerKey)
      return sendJson(res, 403, { errno: 109, message: 'The key does not match the subscription’s' });
    const ttl = Number(req.headers.ttl);
    if (req.headers.ttl === undefined || !Number.isInteger(ttl) || ttl < 0)
      return sendJson(res, 400, { errno: 111, message: 'Missing TTL header' });
    if (body.length > 0 && req.headers['content-encoding'] !== 'aes128gcm')
      return sendJson(res, 400, { errno: 110, message: 'Content-Encoding must be aes128gcm' });
    if (body.length > MAX_PAYLOAD) return sendJson(res, 413, { errno: 104, message: 'Payload too large' });
    let payload: unknown = null;
    if (body.length > 0) {
      try {
        const text = decryptPush(body, sub).toString('utf8');
        try {
          payload = JSON.parse(text);
        } catch {
          payload = text;
        }
      } catch {
        return sendJson(res, 400, { errno: 110, message: 'The payload could not be decrypted' });
      }
    }
    const push: RecordedPush = {
      id: randomBytes(12).toString('base64url'),
      subscriptionId: sub.id,
      endpoint: sub.endpoint,
      receivedAt: new Date().toISOString(),
      ttl,
      urgency: String(req.headers.urgency ?? 'normal'),
      topic: typeof req.headers.topic === 'string' ? req.headers.topic : null,
      bytes: body.length,
      payload,
    };
    this.state.pushes.push(push);
    this.save();
    this.opts.log.info(`push to ${sub.id}: ${JSON.stringify(payload)}`);
    res.writeHead(201, { location: `${this.base}/messages/${push.id}`, 'content-length': 0 });
    res.end();
  }

  private page(res: ServerResponse): void {
    const subs = this.subscriptions();
    const pushes = this.pushes();
    const time = (iso: string) =>
      `<time datetime="${iso}">${escapeHtml(new Date(iso).toLocaleString('ja-JP', { timeZone: 'Asia/Tokyo' }))}</time>`;
    const pushRows = pushes
      .map((p) => {
        const payload = (p.payload ?? {}) as { title?: string; body?: string; url?: string; tag?: string };
        return `<article>
  <h3>${escapeHtml(String(payload.title ?? '(no title)'))}</h3>
  <p>${escapeHtml(String(payload.body ?? ''))}</p>
  <dl>
    <dt>宛先 / To</dt><dd><code>${escapeHtml(p.subscriptionId)}</code></dd>
    <dt>リンク / URL</dt><dd>${escapeHtml(String(payload.url ?? ''))}</dd>
    <dt>タグ / Tag</dt><dd>${escapeHtml(String(payload.tag ?? ''))}</dd>
    <dt>受信 / Received</dt><dd>${time(p.receivedAt)} (TTL ${p.ttl} s, ${escapeHtml(p.urgency)}, ${p.bytes} bytes)</dd>
  </dl>
</article>`;
      })
      .join('\n');
    const subRows = subs
      .map(
        (s) =>
          `<tr><td><code>${escapeHtml(s.id)}</code></td><td>${time(s.createdAt)}</td><td>${s.goneAt ? '410 Gone' : '有効 / active'}</td></tr>`,
      )
      .join('\n');
    sendHtml(
      res,
      200,
      `<!doctype html>
<html lang="ja">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>プッシュ通知の記録 / Push log (${pushes.length})</title>
<style>
body { font-family: system-ui, 'Hiragino Sans', 'Noto Sans JP', sans-serif; max-width: 50rem; margin: 1rem auto; padding: 0 1rem; color: #1a1a1a; }
article { border: 1px solid #ccc; border-radius: 8px; padding: 0.5rem 1rem; margin: 1rem 0; }
h3 { font-size: 1.05rem; margin: 0.5rem 0; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.2rem 1rem; margin: 0; font-size: 0.9rem; }
dt { color: #555; } dd { margin: 0; word-break: break-all; }
table { border-collapse: collapse; font-size: 0.9rem; } td, th { border: 1px solid #ddd; padding: 0.25rem 0.5rem; text-align: left; }
</style>
</head>
<body>
<h1>プッシュ通知の記録 / Push log</h1>
<p>ローカル環境のプッシュサービスが受け取った通知です (新しい順、復号済み)。 Pushes the local push service accepted, newest first, decrypted.</p>
<h2>通知 / Pushes (${pushes.length})</h2>
${pushRows || '<p>まだ通知はありません。 No push yet.</p>'}
<h2>購読 / Subscriptions (${subs.length})</h2>
<table><thead><tr><th>ID</th><th>登録 / Created</th><th>状態 / State</th></tr></thead><tbody>
${subRows}
</tbody></table>
<p><a href="/_local/push.json">JSON</a></p>
</body>
</html>`,
    );
  }
}

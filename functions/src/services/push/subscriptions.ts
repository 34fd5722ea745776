/**
 * A profile's Web Push devices (issue 15): turn on (subscribe), change topics, list, turn off.
 * Every item is in the caller's own partition, keyed by the SHA-256 of the endpoint, so nobody can
 * read or remove another profile's device. The device limit is decided by a conditional ADD on
 * the count in the transaction that creates the device.
 */
import { createECDH, createHash } from 'node:crypto';
import { businessConfig, type Language } from '@app/shared/config';
import en from '@app/shared/i18n/en/push';
import ja from '@app/shared/i18n/ja/push';
import type {
  PushConfigResponse,
  PushDevicesResponse,
  PushDeviceView,
  PushSubscribeRequest,
  PushTopicsRequest,
  PushUnsubscribeRequest,
} from '@app/shared/schemas/push';
import { V } from '@app/shared/validation';
import type { EntityItem } from 'electrodb';
import type { PushSubscription } from '../../db/entities/push-subscription.ts';
import { isConditionFailure } from '../../db/errors.ts';
import type { Db } from '../../db/service.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, fieldError } from '../../lib/errors.ts';

const P = businessConfig.push;

export interface PushConfig {
  /** The VAPID key pair; null where the stage has none (no push is sent). */
  vapid: { publicKey: string; privateKey: string; subject: string } | null;
  /** The local stand-in's base URL (endpoints must be its own), or null in AWS. */
  standInUrl: string | null;
}

export interface PushDeps extends PushConfig {
  db: Db;
  clock: Clock;
}

type SubscriptionItem = EntityItem<typeof PushSubscription>;

/** A device's id: base64url SHA-256 of its endpoint. */
export function deviceIdOf(endpoint: string): string {
  return createHash('sha256').update(endpoint).digest('base64url');
}

/**
 * An endpoint the sender may POST to: an https URL of a browser's push service (no port, no
 * credentials), or, on the local cloud, a URL of the stand-in's send path.
 */
export function isPushEndpoint(endpoint: string, standInUrl: string | null): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password || url.hash) return false;
  if (standInUrl) return endpoint.startsWith(`${standInUrl}/send/`) && url.pathname.length > 0;
  if (url.protocol !== 'https:' || url.port !== '') return false;
  const host = url.hostname.toLowerCase();
  return P.serviceHosts.some((h) =>
    h.startsWith('.') ? host.endsWith(h) && host.length > h.length : host === h,
  );
}

/** The browser's key is a point of P-256 (a wrong key would fail every push later). */
function isP256Point(p256dh: string): boolean {
  const raw = Buffer.from(p256dh, 'base64url');
  if (raw.length !== 65 || raw[0] !== 0x04) return false;
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    ecdh.computeSecret(raw);
    return true;
  } catch {
    return false;
  }
}

export function deviceView(s: SubscriptionItem): PushDeviceView {
  return {
    id: s.deviceId,
    label: s.label,
    topics: { messages: s.messages, notices: s.notices },
    lang: s.lang,
    created_at: s.createdAt,
  };
}

/** `GET /push/config`. */
export function pushConfig(config: PushConfig): PushConfigResponse {
  return { public_key: config.vapid?.publicKey ?? null, stand_in_url: config.standInUrl };
}

/** The devices of a profile (P1): one Query of its partition's `push#sub#` range. */
export async function devicesOf(db: Db, profileId: string): Promise<SubscriptionItem[]> {
  const { data } = await db.entities.pushSubscription.query.byProfile({ profileId }).go({ pages: 'all' });
  return data;
}

/** `GET /push/subscriptions`: the caller's devices, newest first. */
export async function listDevices(deps: PushDeps, profileId: string): Promise<PushDevicesResponse> {
  const devices = await devicesOf(deps.db, profileId);
  return {
    devices: devices.sort((a, b) => b.createdAt.localeCompare(a.createdAt)).map(deviceView),
    max: P.devicesMax,
  };
}

/**
 * `POST /push/subscribe`: this browser's subscription turned on (P2). A known endpoint of the
 * caller is updated (keys, topics, label, language) and counts once; a new one is created with
 * the count's conditional ADD in one transaction, so an 11th device is refused however many
 * requests race.
 */
export async function subscribe(
  deps: PushDeps,
  profileId: string,
  lang: Language,
  body: PushSubscribeRequest,
): Promise<{ device: PushDeviceView }> {
  if (!deps.vapid) throw new AppError('push_unavailable');
  if (!isPushEndpoint(body.endpoint, deps.standInUrl)) throw fieldError('endpoint', V.pushEndpoint);
  if (!isP256Point(body.keys.p256dh)) throw fieldError('keys.p256dh', V.pushKeys);
  const { db } = deps;
  const deviceId = deviceIdOf(body.endpoint);
  const now = deps.clock.now().toISOString();
  // The page always names the device; a call without a name gets the page's own fallback.
  const label = body.label || (lang === 'en' ? en : ja).unknownDevice;
  const fields = {
    p256dh: body.keys.p256dh.replace(/=+$/, ''),
    auth: body.keys.auth.replace(/=+$/, ''),
    messages: body.topics.messages,
    notices: body.topics.notices,
    label,
    lang,
    updatedAt: now,
  };
  for (let attempt = 0; attempt < 3; attempt++) {
    const { data: existing } = await db.entities.pushSubscription
      .get({ profileId, deviceId })
      .go({ consistent: true });
    if (existing) {
      const { data } = await db.entities.pushSubscription
        .patch({ profileId, deviceId })
        .set(fields)
        .go({ response: 'all_new' })
        .catch((error: unknown) => {
          if (isConditionFailure(error)) return { data: null };
          throw error;
        });
      if (data) return { device: deviceView(data as SubscriptionItem) };
      continue; // removed meanwhile: create it again
    }
    const result = await db.transaction
      .write(({ pushSubscription, pushDeviceCount }) => [
        pushSubscription
          .create({ profileId, deviceId, endpoint: body.endpoint, createdAt: now, ...fields })
          .commit(),
        pushDeviceCount
          .update({ profileId })
          .add({ count: 1 })
          .where((a, op) => `${op.notExists(a.count)} OR ${op.lt(a.count, P.devicesMax as number)}`)
          .commit(),
      ])
      .go();
    if (!result.canceled) {
      return {
        device: deviceView({ profileId, deviceId, endpoint: body.endpoint, createdAt: now, ...fields }),
      };
    }
    const [device, count] = result.data;
    if (count?.rejected && !device?.rejected)
      throw new AppError('push_device_limit', 'device limit').with({ max: P.devicesMax });
    // The same endpoint was created by a concurrent request: update it instead.
  }
  throw new Error('push subscribe kept conflicting');
}

/**
 * Deletes one of the caller's devices and its place in the count (P3); false when it is not
 * (or no longer) there. Used by `POST /push/unsubscribe` and by the senders on a 404/410.
 */
export async function removeDevice(db: Db, profileId: string, deviceId: string): Promise<boolean> {
  const result = await db.transaction
    .write(({ pushSubscription, pushDeviceCount }) => [
      pushSubscription
        .delete({ profileId, deviceId })
        .where((a, op) => op.exists(a.endpoint))
        .commit(),
      pushDeviceCount
        .update({ profileId })
        .add({ count: -1 })
        .where((a, op) => op.gt(a.count, 0))
        .commit(),
    ])
    .go();
  if (!result.canceled) return true;
  const [device] = result.data;
  if (device?.rejected) return false;
  // The device exists but the count is off (never below 0): delete it alone.
  await db.entities.pushSubscription
    .delete({ profileId, deviceId })
    .where((a, op) => op.exists(a.endpoint))
    .go()
    .catch((error: unknown) => {
      if (!isConditionFailure(error)) throw error;
    });
  return true;
}

/** `POST /push/unsubscribe`: this browser's device (by endpoint) or one of the list (by id). */
export async function unsubscribe(
  deps: PushDeps,
  profileId: string,
  body: PushUnsubscribeRequest,
): Promise<{ removed: boolean }> {
  const deviceId = 'id' in body ? body.id : deviceIdOf(body.endpoint);
  return { removed: await removeDevice(deps.db, profileId, deviceId) };
}

/** `POST /push/topics`: what one of the caller's devices is notified of. */
export async function updateTopics(
  deps: PushDeps,
  profileId: string,
  body: PushTopicsRequest,
): Promise<{ device: PushDeviceView }> {
  try {
    const { data } = await deps.db.entities.pushSubscription
      .patch({ profileId, deviceId: body.id })
      .set({
        messages: body.topics.messages,
        notices: body.topics.notices,
        updatedAt: deps.clock.now().toISOString(),
      })
      .go({ response: 'all_new' });
    return { device: deviceView(data as SubscriptionItem) };
  } catch (error) {
    if (isConditionFailure(error)) throw new AppError('push_device_not_found');
    throw error;
  }
}

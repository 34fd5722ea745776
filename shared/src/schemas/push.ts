/**
 * Web Push (issue 15, "Outside the app"): a device's push subscription (RFC 8030 endpoint, RFC 8291
 * keys), the topics it gets (new messages, notices), the caller's devices. The endpoint itself is
 * never answered: a device is named by `id`, the SHA-256 of its endpoint (base64url).
 */
import * as z from 'zod/mini';
import { businessConfig } from '../config.ts';
import { textSchema, V } from '../validation.ts';

const P = businessConfig.push;

/** base64url without padding (a browser's `PushSubscription.toJSON()` keys; some add `=`). */
const b64url = (bytes: number) => new RegExp(`^[A-Za-z0-9_-]{${Math.ceil((bytes * 4) / 3)}}={0,2}$`);
/** An uncompressed P-256 public key (65 bytes) and the 16-byte auth secret (RFC 8291). */
export const P256DH_RE = b64url(65);
export const AUTH_SECRET_RE = b64url(16);
/** A device id: base64url of a SHA-256. */
export const PUSH_DEVICE_ID_RE = /^[A-Za-z0-9_-]{43}$/;

export const pushTopics = z.object({
  messages: z.boolean({ error: V.required }),
  notices: z.boolean({ error: V.required }),
});
export type PushTopics = z.infer<typeof pushTopics>;

/** An absolute http(s) URL; the service checks it names a push service (or the local stand-in). */
export const pushEndpointSchema = z
  .string({ error: V.pushEndpoint })
  .check(
    z.maxLength(P.endpointMax, V.pushEndpoint),
    z.regex(/^https?:\/\/[^\s/?#]+\/[^\s]*$/, V.pushEndpoint),
  );

export const pushSubscribeRequest = z.object({
  endpoint: pushEndpointSchema,
  keys: z.object({
    p256dh: z.string({ error: V.pushKeys }).check(z.regex(P256DH_RE, V.pushKeys)),
    auth: z.string({ error: V.pushKeys }).check(z.regex(AUTH_SECRET_RE, V.pushKeys)),
  }),
  topics: pushTopics,
  /** What the device list calls it ("Chrome on Android"); the page proposes one. */
  label: textSchema({ max: P.labelMax, maxMessage: V.pushLabel }),
});
export type PushSubscribeRequest = z.infer<typeof pushSubscribeRequest>;

const pushDeviceId = z.string({ error: V.pushDevice }).check(z.regex(PUSH_DEVICE_ID_RE, V.pushDevice));

/** Turns off one device: this browser's by its endpoint, or one of the list by its id. */
export const pushUnsubscribeRequest = z.union([
  z.object({ endpoint: pushEndpointSchema }),
  z.object({ id: pushDeviceId }),
]);
export type PushUnsubscribeRequest = z.infer<typeof pushUnsubscribeRequest>;

export const pushTopicsRequest = z.object({ id: pushDeviceId, topics: pushTopics });
export type PushTopicsRequest = z.infer<typeof pushTopicsRequest>;

export const pushDeviceView = z.object({
  id: z.string(),
  label: z.string(),
  topics: pushTopics,
  /** The language its notifications are written in (the page's when it was turned on). */
  lang: z.string(),
  created_at: z.string(),
});
export type PushDeviceView = z.infer<typeof pushDeviceView>;

export const pushDevicesResponse = z.object({
  devices: z.array(pushDeviceView),
  max: z.int(),
});
export type PushDevicesResponse = z.infer<typeof pushDevicesResponse>;

export const pushDeviceResponse = z.object({ device: pushDeviceView });
export const pushUnsubscribeResponse = z.object({ removed: z.boolean() });

export const pushConfigResponse = z.object({
  /** The VAPID public key (applicationServerKey, base64url); null where Web Push is not set up. */
  public_key: z.nullable(z.string()),
  /**
   * The local push stand-in's base URL where this environment has no real push service (the
   * local cloud): the page subscribes through it instead of `pushManager.subscribe`.
   */
  stand_in_url: z.nullable(z.string()),
});
export type PushConfigResponse = z.infer<typeof pushConfigResponse>;

/** What the service worker receives in a push (JSON, encrypted by the push service's protocol). */
export const pushPayload = z.object({
  title: z.string(),
  body: z.string(),
  /** The page a tap opens (same site). */
  url: z.string(),
  /** Pushes with one tag replace each other (one per room, one for notices). */
  tag: z.string(),
  icon: z.string(),
});
export type PushPayload = z.infer<typeof pushPayload>;

/** The placeholders of push messages: `t(key, pushMessageParams)`. */
export const pushMessageParams = { push_label_max: P.labelMax, max: P.devicesMax } as const;

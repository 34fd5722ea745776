/**
 * This browser's push subscription. In AWS: the service worker (/sw.js) and
 * `pushManager.subscribe({userVisibleOnly, applicationServerKey})` of the browser's push service.
 * On the local cloud (`stand_in_url` from GET /push/config), whose machine reaches no push service:
 * the page makes the subscription's P-256 key pair and auth secret with WebCrypto, as a browser
 * does, and registers them with the local push stand-in, which hands out the endpoint and decrypts
 * what it receives for the push log. Both give the same `{endpoint, keys}` to POST /push/subscribe.
 */

import { registerServiceWorker } from '../../lib/service-worker.ts';

export interface BrowserSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** The endpoint this browser subscribed with (also what marks "this device" in the list). */
const ENDPOINT_KEY = 'push_endpoint';

export type PushSupport = 'supported' | 'unsupported' | 'denied';

const b64url = (bytes: ArrayBuffer | Uint8Array) => {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  let text = '';
  for (const b of view) text += String.fromCharCode(b);
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
};
const fromB64url = (text: string) =>
  Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));

export function savedEndpoint(): string | null {
  try {
    return localStorage.getItem(ENDPOINT_KEY);
  } catch {
    return null;
  }
}

function saveEndpoint(endpoint: string | null): void {
  try {
    if (endpoint) localStorage.setItem(ENDPOINT_KEY, endpoint);
    else localStorage.removeItem(ENDPOINT_KEY);
  } catch {
    // Private mode: the device list still shows it, without the "this device" mark.
  }
}

/** The device id the server uses: base64url SHA-256 of the endpoint. */
export async function deviceIdOf(endpoint: string): Promise<string> {
  return b64url(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(endpoint)));
}

/** What this browser can do: the stand-in needs WebCrypto only; a real push service needs more. */
export function pushSupport(standIn: boolean): PushSupport {
  if (typeof crypto === 'undefined' || !crypto.subtle) return 'unsupported';
  if (standIn) return 'supported';
  if (
    !('serviceWorker' in navigator) ||
    typeof PushManager === 'undefined' ||
    typeof Notification === 'undefined'
  )
    return 'unsupported';
  return Notification.permission === 'denied' ? 'denied' : 'supported';
}

async function standInSubscription(standInUrl: string, publicKey: string): Promise<BrowserSubscription> {
  const pair = (await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, [
    'deriveBits',
  ])) as CryptoKeyPair;
  const p256dh = b64url(await crypto.subtle.exportKey('raw', pair.publicKey));
  const auth = b64url(crypto.getRandomValues(new Uint8Array(16)));
  const res = await fetch(`${standInUrl}/subscriptions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      p256dh,
      auth,
      private_jwk: await crypto.subtle.exportKey('jwk', pair.privateKey),
      application_server_key: publicKey,
    }),
  });
  if (!res.ok) throw new Error(`push stand-in: ${res.status}`);
  const { endpoint } = (await res.json()) as { endpoint: string };
  return { endpoint, keys: { p256dh, auth } };
}

async function serviceSubscription(publicKey: string): Promise<BrowserSubscription> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushDenied();
  const registration = await registerServiceWorker();
  await navigator.serviceWorker.ready;
  const existing = await registration.pushManager.getSubscription();
  const subscription =
    existing ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: fromB64url(publicKey),
    }));
  const json = subscription.toJSON();
  return {
    endpoint: subscription.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  };
}

/** The user refused notifications (or had blocked them). */
export class PushDenied extends Error {
  constructor() {
    super('notifications denied');
    this.name = 'PushDenied';
  }
}

/** Makes (or finds) this browser's subscription and remembers its endpoint. */
export async function subscribeBrowser(config: {
  public_key: string;
  stand_in_url: string | null;
}): Promise<BrowserSubscription> {
  const subscription = config.stand_in_url
    ? await standInSubscription(config.stand_in_url, config.public_key)
    : await serviceSubscription(config.public_key);
  saveEndpoint(subscription.endpoint);
  return subscription;
}

/**
 * Ends this browser's subscription at its push service (when it has one: not on the local cloud's
 * stand-in) and forgets it; answers the endpoint the device was registered with.
 */
export async function unsubscribeBrowser(): Promise<string | null> {
  const endpoint = savedEndpoint();
  saveEndpoint(null);
  if ('serviceWorker' in navigator) {
    const registration = await navigator.serviceWorker.getRegistration('/');
    const subscription = await registration?.pushManager?.getSubscription();
    if (subscription) {
      await subscription.unsubscribe();
      return subscription.endpoint;
    }
  }
  return endpoint;
}

/** A label for the device list, e.g. "Chrome（Android）". */
export function deviceLabel(userAgent: string): { browser: string; os: string } | null {
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrom(e|ium)\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : null;
  const os = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad/.test(userAgent)
      ? 'iOS'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : null;
  return browser && os ? { browser, os } : null;
}

/**
 * Sends one Web Push message: the `web-push` package encrypts the payload (RFC 8291, aes128gcm) and
 * signs the VAPID JWT (RFC 8292); the request goes out with fetch (web-push's own sender speaks
 * https only, and the local stand-in is http). Only the push consumers' bundles import this file.
 */
import type { PushPayload } from '@app/shared/schemas/push';
// Default import: web-push is CommonJS, whose named exports Node's ESM loader cannot see.
import webPush from 'web-push';
import type { PushConfig } from './subscriptions.ts';

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushOptions {
  /** How long the push service keeps it for an offline device, in seconds. */
  ttl: number;
  urgency: 'normal' | 'high';
}

/** The push service's answer: its HTTP status, or 0 when it could not be reached. */
export type PushSender = (target: PushTarget, payload: PushPayload, options: PushOptions) => Promise<number>;

const TIMEOUT_MS = 10_000;

export function webPushSender(vapid: NonNullable<PushConfig['vapid']>): PushSender {
  return async (target, payload, options) => {
    const request = webPush.generateRequestDetails(
      { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
      JSON.stringify(payload),
      {
        vapidDetails: vapid,
        TTL: options.ttl,
        urgency: options.urgency,
        contentEncoding: 'aes128gcm',
      },
    );
    try {
      const response = await fetch(request.endpoint, {
        method: request.method,
        headers: request.headers as Record<string, string>,
        body: new Uint8Array(request.body),
        redirect: 'manual',
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      await response.body?.cancel();
      return response.status;
    } catch {
      return 0;
    }
  };
}

import { ApiError } from '../../lib/api.ts';

/** A v4 UUID: the idempotency key of one card registration or one confirmed purchase. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Whether a failed purchase may nonetheless have charged the card, so that a retry must send the
 * same key (the API then settles that one payment instead of opening a second). True when the API
 * says so (`params.outcome === 'unknown'`: Square gave no answer or a 5xx, or the payment is
 * pending), when no answer was read (network failure, unreadable body) and on a 5xx, whose
 * request may have died half-way through. Any other answer is definitive: the next try is a new
 * purchase with a new key.
 */
export function mayHaveCharged(err: unknown): boolean {
  if (!(err instanceof ApiError)) return true;
  return err.body?.params?.outcome === 'unknown' || err.status >= 500;
}

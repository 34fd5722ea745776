import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { mayHaveCharged, newIdempotencyKey } from './purchase-key.ts';

describe('newIdempotencyKey', () => {
  it('is a v4 UUID, new every time', () => {
    const key = newIdempotencyKey();
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newIdempotencyKey()).not.toBe(key);
  });
});

describe('mayHaveCharged', () => {
  const api = (status: number, body: ApiError['body']) => new ApiError(status, '', body);

  it('keeps the key when the API flags an unknown outcome', () => {
    const params = { outcome: 'unknown' };
    expect(mayHaveCharged(api(402, { code: 'card_processing', message: '', params }))).toBe(true);
    expect(mayHaveCharged(api(409, { code: 'payment_pending', message: '', params }))).toBe(true);
  });

  it('keeps the key when no answer was read or the server failed', () => {
    expect(mayHaveCharged(new TypeError('Failed to fetch'))).toBe(true);
    expect(mayHaveCharged(api(504, null))).toBe(true);
    expect(mayHaveCharged(api(500, { code: 'internal', message: '' }))).toBe(true);
  });

  it('ends the purchase after a definitive answer', () => {
    for (const code of ['card_declined', 'card_network', 'card_processing', 'card_expired'] as const)
      expect(mayHaveCharged(api(402, { code, message: '' })), code).toBe(false);
    expect(
      mayHaveCharged(api(409, { code: 'purchase_daily_limit', message: '', params: { limit: 1 } })),
    ).toBe(false);
    expect(mayHaveCharged(api(403, { code: 'creator_purchase', message: '' }))).toBe(false);
  });
});

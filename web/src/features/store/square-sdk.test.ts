import { describe, expect, it } from 'vitest';
import { billingContactOf, verifyBuyer } from './square-sdk.ts';

describe('billingContactOf', () => {
  it('splits the cardholder name as it is embossed (given name first)', () => {
    expect(billingContactOf('TARO YAMADA')).toEqual({ givenName: 'TARO', familyName: 'YAMADA' });
    expect(billingContactOf('  Mary  Ann  Smith ')).toEqual({ givenName: 'Mary Ann', familyName: 'Smith' });
    expect(billingContactOf('TARO')).toEqual({ givenName: 'TARO' });
    expect(billingContactOf(null)).toEqual({});
    expect(billingContactOf('')).toEqual({});
  });
});

describe('verifyBuyer', () => {
  it('needs no 3-D Secure in the local environment', async () => {
    const local = { environment: 'local', application_id: 'a', location_id: 'l' } as const;
    await expect(verifyBuyer(local, 'card-1', { intent: 'STORE', billingContact: {} })).resolves.toBe(
      undefined,
    );
  });
});

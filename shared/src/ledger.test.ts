import { describe, expect, it } from 'vitest';
import { type LotState, originalByIssuer } from './ledger.ts';

describe('originalByIssuer', () => {
  const now = new Date('2026-11-24T00:00:00Z');
  const lot = (
    key: string,
    kind: LotState['kind'],
    issuerId: string | null,
    balance: number,
    expiresAt = '2027-01-01T00:00:00Z',
  ): LotState => ({
    key,
    kind,
    issuerId,
    balance,
    expiresAt,
  });
  it('sums live original points per issuer, leaving out other kinds and expired lots', () => {
    const by = originalByIssuer(
      [
        lot('a', 'original', 'c1', 10),
        lot('b', 'original', 'c1', 5),
        lot('c', 'original', 'c2', 7),
        lot('d', 'original', 'c2', 9, '2026-11-24T00:00:00Z'),
        lot('e', 'mushroom', null, 100),
        lot('f', 'leaf', null, 3),
      ],
      now,
    );
    expect([...by]).toEqual([
      ['c1', 15],
      ['c2', 7],
    ]);
  });
});

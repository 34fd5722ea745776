import { describe, expect, it } from 'vitest';
import { searchBanks } from './banks.ts';

const codes = (q: string) => searchBanks(q).map((b) => b.code);

describe('bank search', () => {
  it('finds banks by their English names, as the English hint suggests', () => {
    expect(codes('Japan Post')[0]).toBe('9900');
    expect(codes('japan post bank')[0]).toBe('9900');
    expect(codes('Mizuho')[0]).toBe('0001');
    expect(codes('MUFG')[0]).toBe('0005');
    expect(codes('SMBC')[0]).toBe('0009');
  });

  it('reads full-width Latin names as ASCII', () => {
    expect(codes('PayPay')[0]).toBe('0033');
  });

  it('still finds by Japanese name and code', () => {
    expect(codes('ゆうちょ')[0]).toBe('9900');
    expect(codes('0009')[0]).toBe('0009');
  });
});

import { describe, expect, it } from 'vitest';
import { cardInputSchema, checkCardInput, formatCardNumber, formatExpiry } from './card-input.ts';

describe('local card form input', () => {
  const now = new Date(2026, 10, 21);

  it('groups the card number by four and the expiry as MM/YY', () => {
    expect(formatCardNumber('4111111111111111')).toBe('4111 1111 1111 1111');
    expect(formatCardNumber('4111-1111 11')).toBe('4111 1111 11');
    expect(formatExpiry('1228')).toBe('12/28');
    expect(formatExpiry('1')).toBe('1');
  });

  it('accepts a complete card', () => {
    expect(checkCardInput({ number: '4111 1111 1111 1111', expiry: '12/28', cvc: '123' }, now)).toEqual({});
    expect(checkCardInput({ number: '4111111111111111', expiry: '11/26', cvc: '1234' }, now)).toEqual({});
  });

  it('names each wrong field', () => {
    expect(checkCardInput({ number: '4111', expiry: '13/28', cvc: '12' }, now)).toEqual({
      number: 'invalidNumber',
      expiry: 'invalidExpiry',
      cvc: 'invalidCvc',
    });
    expect(checkCardInput({ number: '4111111111111111', expiry: '10/26', cvc: '123' }, now)).toEqual({
      expiry: 'expired',
    });
  });
});

describe('cardInputSchema', () => {
  const now = () => new Date(2026, 10, 21);

  it('passes a complete card, with the name as typed', () => {
    const parsed = cardInputSchema(now).safeParse({
      number: '4111 1111 1111 1111',
      expiry: '12/28',
      cvc: '123',
      name: ' TARO ',
    });
    expect(parsed.success && parsed.data.name).toBe(' TARO ');
  });

  it('puts each problem on its field, as its store.cardForm key', () => {
    const parsed = cardInputSchema(now).safeParse({ number: '4111', expiry: '10/26', cvc: '', name: '' });
    expect(parsed.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['number', 'store.cardForm.invalidNumber'],
      ['expiry', 'store.cardForm.expired'],
      ['cvc', 'store.cardForm.invalidCvc'],
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { invoiceCheckDigit, isValidInvoiceNumber, normalizeInvoiceNumber } from './invoice-number.ts';

// Published corporate numbers (国税庁 法人番号公表サイト): the National Tax Agency, Toyota Motor, Sony Group.
const KNOWN = ['T7000012050002', 'T1180301018771', 'T5010401067252', 'T8000012010038'];

describe('invoice registration number', () => {
  it('accepts published numbers', () => {
    for (const n of KNOWN) expect(isValidInvoiceNumber(n), n).toBe(true);
  });

  it('computes the check digit from the last digit leftwards, weights 1 and 2', () => {
    expect(invoiceCheckDigit('000012050002')).toBe(7);
    expect(invoiceCheckDigit('180301018771')).toBe(1);
    // Σ = 1×1 (the last digit, weight 1) = 1 → 9 − 1 = 8; one place left (weight 2) → 9 − 2 = 7.
    expect(invoiceCheckDigit('000000000001')).toBe(8);
    expect(invoiceCheckDigit('000000000010')).toBe(7);
    // A sum that is a multiple of 9 gives 9.
    expect(invoiceCheckDigit('000000000000')).toBe(9);
  });

  it('refuses a wrong check digit, a changed digit and swapped digits', () => {
    expect(isValidInvoiceNumber('T6000012050002')).toBe(false);
    expect(isValidInvoiceNumber('T7000012050003')).toBe(false);
    expect(isValidInvoiceNumber('T1180301017871')).toBe(false);
  });

  it('refuses other shapes', () => {
    for (const n of [
      '7000012050002',
      'T700001205000',
      'T70000120500021',
      'X7000012050002',
      't7000012050002',
      '',
    ]) {
      expect(isValidInvoiceNumber(n), n).toBe(false);
    }
  });

  it('normalizes full-width input, hyphens and spaces', () => {
    expect(normalizeInvoiceNumber('Ｔ７０００－０１２０－５０００２')).toBe('T7000012050002');
    expect(normalizeInvoiceNumber(' t 7000-0120-50002 ')).toBe('T7000012050002');
    expect(normalizeInvoiceNumber('T7000‐0120ー50002')).toBe('T7000012050002');
    expect(isValidInvoiceNumber(normalizeInvoiceNumber('Ｔ７０００-０１２０-５０００２'))).toBe(true);
  });
});

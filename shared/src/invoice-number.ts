/**
 * The qualified invoice issuer registration number (適格請求書発行事業者の登録番号): "T" and 13
 * digits. The 13 digits are a corporate number (法人番号), or for a sole proprietor a number of
 * the same form, whose first digit is a check digit (国税庁, 法人番号の指定等に関する省令 第2条):
 * check = 9 − (Σ Pn × Qn mod 9) over the other 12 digits, Pn the n-th digit counted from the
 * last, Qn 1 for odd n and 2 for even n.
 */

/**
 * What people type, in the stored form: full-width letters and digits made half-width (NFKC),
 * hyphens, dashes and spaces removed, the letter upper-case ("ｔ１２３４-…" → "T1234…").
 */
export function normalizeInvoiceNumber(input: string): string {
  return input
    .normalize('NFKC')
    .replace(/[\s\-‐‑‒–—―−ー－]/gu, '')
    .toUpperCase();
}

/** The check digit of the 12 digits that follow it. */
export function invoiceCheckDigit(twelve: string): number {
  let sum = 0;
  for (let n = 1; n <= 12; n++) {
    const p = Number(twelve[12 - n]);
    sum += p * (n % 2 === 1 ? 1 : 2);
  }
  return 9 - (sum % 9);
}

/** A normalized number (`normalizeInvoiceNumber`): "T", 13 digits, the check digit right. */
export function isValidInvoiceNumber(value: string): boolean {
  const m = /^T([1-9])(\d{12})$/.exec(value);
  if (!m) return false;
  return Number(m[1]) === invoiceCheckDigit(m[2] as string);
}

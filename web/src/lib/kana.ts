/**
 * Bank account holder names are full-width katakana. Converts what people type on phones:
 * hiragana and half-width katakana become full-width katakana, ASCII letters, digits and the
 * allowed symbols become full-width, and runs of spaces become one full-width space.
 */
export function toFullWidthKatakana(input: string): string {
  // NFKC joins half-width katakana with their voiced marks (ｶﾞ → ガ) and maps them to full width.
  const normalized = input.normalize('NFKC');
  let out = '';
  for (const ch of normalized) {
    const code = ch.codePointAt(0) ?? 0;
    if (code >= 0x3041 && code <= 0x3096) out += String.fromCodePoint(code + 0x60);
    else if (/[a-z]/.test(ch)) out += String.fromCodePoint(ch.toUpperCase().charCodeAt(0) + 0xfee0);
    else if (/[A-Z0-9().\-/]/.test(ch)) out += String.fromCodePoint(code + 0xfee0);
    else out += ch;
  }
  return out.replace(/[\s\u3000]+/g, '\u3000').replace(/^\u3000|\u3000$/g, '');
}

/**
 * The one normaliser of creator search (DECISIONS "Search"; docs/access-patterns.md Q1-Q4): the
 * directory's `searchText` is written with it and every keyword is normalised with it before the
 * `contains` filter, so width (NFKC: ｱ→ア, Ａ→a after lower case), case and katakana/hiragana never
 * decide a match.
 *
 * Katakana→hiragana is the Unicode block offset (ァ U+30A1 … ヶ U+30F6 → ぁ U+3041 … ゖ U+3096), the
 * one conversion needed here; the libraries that do it (wanakana, jaconv) also rewrite romaji and
 * long-vowel marks, which would make "ラーメン" stop matching "らーめん" typed as is.
 */
export function normalizeSearchText(input: string): string {
  return input
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u30a1-\u30f6]/g, (ch) => String.fromCharCode((ch.codePointAt(0) ?? 0) - 0x60))
    .replace(/\s+/g, ' ')
    .trim();
}

/** The text a creator is found by: nickname, username, genre and bio, normalised, one line each. */
export function creatorSearchText(fields: {
  nickname?: string | null;
  username?: string | null;
  genre?: string | null;
  bio?: string | null;
}): string {
  return [fields.nickname, fields.username, fields.genre, fields.bio]
    .map((f) => normalizeSearchText(f ?? ''))
    .filter((f) => f !== '')
    .join('\n');
}

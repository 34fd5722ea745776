import { describe, expect, it } from 'vitest';
import type { SearchDocItem } from './cards.ts';
import { mergePage, type Scan } from './search.ts';

const doc = (t: number, id = `p${t}`) =>
  ({ profileId: id, createdAt: `2026-01-01T00:00:${String(t).padStart(2, '0')}Z` }) as SearchDocItem;
const key = (d: SearchDocItem) => `${d.createdAt}#${d.profileId}`;
const ids = (docs: SearchDocItem[]) => docs.map((d) => d.profileId);

describe('mergePage (Q4: shards merged newest first)', () => {
  it('takes the newest hits of all finished shards, with no cursor when nothing is left', () => {
    const scans: Scan[] = [
      { hits: [doc(9), doc(3)], frontier: null, bytes: 0 },
      { hits: [doc(7), doc(5)], frontier: null, bytes: 0 },
    ];
    expect(mergePage(scans, 3)).toEqual({ docs: [doc(9), doc(7), doc(5)], next: key(doc(5)) });
    expect(mergePage(scans, 4)).toEqual({ docs: [doc(9), doc(7), doc(5), doc(3)], next: null });
  });

  it('never passes a shard that stopped early (budget): hits below its position wait for the next page', () => {
    const scans: Scan[] = [
      // Stopped at second 6 without reaching its end: older hits of this shard are unknown.
      { hits: [doc(8)], frontier: key(doc(6, 'x')), bytes: 0 },
      { hits: [doc(7), doc(5), doc(4)], frontier: null, bytes: 0 },
    ];
    const page = mergePage(scans, 20);
    expect(ids(page.docs)).toEqual(['p8', 'p7']);
    expect(page.next).toBe(key(doc(6, 'x')));
  });

  it('counts the item a shard stopped at as read (a page cut at the limit loses nothing)', () => {
    const last = doc(2);
    const scans: Scan[] = [{ hits: [doc(4), doc(3), last], frontier: key(last), bytes: 0 }];
    expect(mergePage(scans, 2)).toEqual({ docs: [doc(4), doc(3)], next: key(doc(3)) });
    expect(mergePage(scans, 3)).toEqual({ docs: [doc(4), doc(3), last], next: key(last) });
  });
});

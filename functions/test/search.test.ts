/**
 * The creator directory and `POST /profile` (docs/access-patterns.md Q1-Q4): the directory entry
 * follows the profile (set-up creators only; edits, suspension, resumption, leaving), the four query
 * cases, normalisation, exclusions, validation and cursors.
 */
import { randomBytes } from 'node:crypto';
import { businessConfig } from '@app/shared/config';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { resumeAccount, suspendAccount } from '../src/services/account-status.ts';
import { directoryShard, searchDocOf } from '../src/services/social/directory.ts';
import { registerAccount, uniqueUsername, validProfile, validUser } from './helpers/accounts.ts';
import { creator, fan, type Member } from './helpers/chat.ts';
import { api, issuePaths, db as rawDb, tableName, testDb } from './helpers/cloud.ts';
import { endSessionDeps } from './helpers/sessions.ts';

const db = testDb();
const S = businessConfig.social;

/** A token no other test writes: lower-case latin letters. */
const token = () => `zq${Array.from(randomBytes(6), (b) => String.fromCharCode(97 + (b % 26))).join('')}`;
/** The same idea in katakana (ア..ン). */
const katakanaToken = () =>
  Array.from(randomBytes(5), (b) => String.fromCharCode(0x30a2 + (b % 80))).join('');

const docOf = async (profileId: string) => (await db.entities.searchDoc.get({ profileId }).go()).data;

async function editProfile(m: Member, changes: Record<string, unknown>) {
  const res = await api('/mypage/profile/update', {
    token: m.token,
    body: { ...validProfile(m.username), ...changes },
  });
  expect(res.status).toBe(200);
}

async function creatorWith(changes: Record<string, unknown>): Promise<Member> {
  const c = await creator();
  await editProfile(c, changes);
  return c;
}

const search = (m: Member, body: unknown, cursor?: string) =>
  api(`/profile${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`, { token: m.token, body });

const ids = (res: { body: { profiles: { id: string }[] } }) => res.body.profiles.map((p) => p.id);

/** Directory documents written directly (many creators at once), newest last. */
async function seedDocs(count: number, area: number, text: string): Promise<string[]> {
  const base = Date.parse('2026-01-01T00:00:00Z');
  const made: string[] = [];
  for (let i = 0; i < count; i++) {
    const profileId = randomBytes(12).toString('hex');
    const doc = searchDocOf(
      {
        profileId,
        roleId: 2,
        status: 'active',
        finalStep: 3,
        username: `seed${profileId.slice(0, 10)}`,
        nickname: `Seed ${i}`,
        genre: text,
        bio: '',
        area,
        createdAt: new Date(base + i * 1000).toISOString(),
      },
      new Date().toISOString(),
    );
    await db.entities.searchDoc.put(doc).go();
    made.push(profileId);
  }
  return made;
}

describe('the creator directory follows the profile', () => {
  it('exists only once a creator finished sign-up, follows edits, leaves on suspension, returns on resumption', async () => {
    const s = await registerAccount();
    const username = uniqueUsername('dir');
    const body = { ...validProfile(username), nickname: 'ディレクトリ', genre: 'ＤＪ', area: 27 };
    await api('/mypage/profile/update', { token: s.access_token, body });
    await api('/mypage/user', { token: s.access_token, body: validUser });
    expect(await docOf(s.profile_id)).toBeNull();
    await api('/mypage/skip-step', { token: s.access_token, body: { step: 3 } });
    const doc = await docOf(s.profile_id);
    expect(doc).toMatchObject({
      username,
      nickname: 'ディレクトリ',
      area: 27,
      shard: directoryShard(s.profile_id),
      searchText: `でぃれくとり\n${username.toLowerCase()}\ndj\nhello`,
    });

    const m = { token: s.access_token, username, profileId: s.profile_id } as Member;
    await editProfile(m, { nickname: '新しい名前', area: 1 });
    expect(await docOf(s.profile_id)).toMatchObject({ nickname: '新しい名前', area: 1 });

    await suspendAccount(endSessionDeps(), s.profile_id);
    expect(await docOf(s.profile_id)).toBeNull();
    await resumeAccount(endSessionDeps(), s.profile_id);
    expect(await docOf(s.profile_id)).toMatchObject({ nickname: '新しい名前' });
  });

  it('is removed when the creator leaves, and never written for fans', async () => {
    const [c, f] = await Promise.all([creator(), fan()]);
    expect(await docOf(c.profileId)).not.toBeNull();
    expect(await docOf(f.profileId)).toBeNull();
    expect((await api('/auth/leave', { method: 'POST', body: {}, token: c.token })).status).toBe(200);
    expect(await docOf(c.profileId)).toBeNull();
  });
});

describe('POST /profile (search)', () => {
  it('Q4 keyword only: finds by nickname, username, genre and bio across shards, newest first', async () => {
    const kw = token();
    const a = await creatorWith({ nickname: `A${kw}` });
    const b = await creatorWith({ genre: kw.toUpperCase() });
    const c = await creatorWith({ bio: `好きなもの: ${kw}` });
    const f = await fan();
    const res = await search(f, { keyword: kw });
    expect(res.status).toBe(200);
    expect(ids(res)).toEqual([c.profileId, b.profileId, a.profileId]);
    expect(res.body.next_cursor).toBeNull();
    expect(res.body.profiles[0]).toMatchObject({
      username: c.username,
      area: 13,
      liked_by: 0,
      profile_image: null,
    });
    // By username too.
    expect(ids(await search(f, { keyword: a.username.slice(0, 8) }))).toContain(a.profileId);
  });

  it('ignores width, case and katakana/hiragana in the text and in the keyword', async () => {
    const latin = token();
    const kana = katakanaToken();
    const hiragana = [...kana].map((ch) => String.fromCharCode(ch.charCodeAt(0) - 0x60)).join('');
    const c = await creatorWith({ nickname: `${kana}さん`, genre: latin.toUpperCase() });
    const f = await fan();
    const fullWidth = [...latin].map((ch) => String.fromCharCode(ch.charCodeAt(0) + 0xfee0)).join('');
    for (const keyword of [latin, latin.toUpperCase(), fullWidth, kana, hiragana, kana.normalize('NFKD')]) {
      expect(ids(await search(f, { keyword })), keyword).toEqual([c.profileId]);
    }
  });

  it('Q2 area only: the area newest first, 20 a page, the sealed cursor goes on; area 0 is no filter', async () => {
    const area = 46;
    const seeded = await seedDocs(S.pageSize + 2, area, 'paging');
    const f = await fan();
    const first = await search(f, { area });
    expect(first.status).toBe(200);
    const firstIds = ids(first);
    expect(firstIds).toHaveLength(S.pageSize);
    expect(firstIds.slice(0, 3)).toEqual(seeded.slice(-3).reverse());
    expect(first.body.next_cursor).toEqual(expect.any(String));
    const second = await search(f, { area }, first.body.next_cursor);
    expect(second.status).toBe(200);
    expect([...firstIds, ...ids(second)]).toEqual([...seeded].reverse());
    expect(second.body.next_cursor).toBeNull();

    const zero = await search(f, { area: 0 });
    expect(zero.status).toBe(422);
    expect(issuePaths(zero.body)).toEqual({ area: 'validation.area' });
  });

  it('keeps area 0 creators out of area lists but finds them by keyword', async () => {
    const kw = token();
    const hidden = await creatorWith({ area: 0, genre: kw });
    const f = await fan();
    expect(ids(await search(f, { keyword: kw }))).toEqual([hidden.profileId]);
    expect(await docOf(hidden.profileId)).toMatchObject({ area: 0 });
  });

  it('Q3 area and keyword: only that area, filtered', async () => {
    const kw = token();
    const inArea = await creatorWith({ area: 45, genre: kw });
    await creatorWith({ area: 44, genre: kw });
    const f = await fan();
    expect(ids(await search(f, { keyword: kw, area: 45 }))).toEqual([inArea.profileId]);
    expect(ids(await search(f, { keyword: kw }))).toHaveLength(2);
  });

  it('Q1 exact username: that creator first, then the others', async () => {
    const exact = await creator();
    const other = await creatorWith({ bio: `fan of ${exact.username}` });
    const f = await fan();
    const res = await search(f, { keyword: exact.username.toUpperCase() });
    expect(ids(res)).toEqual([exact.profileId, other.profileId]);
  });

  it('leaves out the caller and creators blocked either way', async () => {
    const kw = token();
    const [shown, blockedByFan, blockingFan, self] = await Promise.all([
      creatorWith({ genre: kw }),
      creatorWith({ genre: kw }),
      creatorWith({ genre: kw }),
      creatorWith({ genre: kw }),
    ]);
    const f = await fan();
    expect(
      (await api('/block', { token: f.token, body: { profile_id: blockedByFan.profileId, blocked: true } }))
        .status,
    ).toBe(200);
    expect(
      (await api('/block', { token: blockingFan.token, body: { profile_id: f.profileId, blocked: true } }))
        .status,
    ).toBe(200);
    expect(new Set(ids(await search(f, { keyword: kw })))).toEqual(
      new Set([shown.profileId, self.profileId]),
    );
    const bySelf = ids(await search(self, { keyword: kw }));
    expect(bySelf).not.toContain(self.profileId);
    expect(bySelf).toContain(shown.profileId);
  });

  it('refuses no condition, a long keyword, guests, forged cursors and another search’s cursor', async () => {
    const f = await fan();
    for (const body of [{}, { keyword: '   ' }]) {
      const res = await search(f, body);
      expect(res.status).toBe(422);
      expect(issuePaths(res.body)).toEqual({ keyword: 'validation.searchConditions' });
    }
    const long = await search(f, { keyword: 'あ'.repeat(S.searchKeywordMax + 1) });
    expect(long.status).toBe(422);
    expect(issuePaths(long.body)).toEqual({ keyword: 'validation.searchKeywordMax' });
    expect((await api('/profile', { body: { keyword: 'x' } })).status).toBe(401);

    expect((await search(f, { area: 46 }, 'c1.forged.AAAAAAAAAAAAAAAAAAAAAA')).status).toBe(400);
    await seedDocs(S.pageSize + 1, 43, 'other');
    const page = await search(f, { area: 43 });
    expect(page.body.next_cursor).toEqual(expect.any(String));
    const mixed = await search(f, { area: 43, keyword: 'other' }, page.body.next_cursor);
    expect(mixed.status).toBe(400);
    expect(mixed.body.code).toBe('cursor_invalid');
  });
});

describe('the directory backfill (scripts/migrations/creator-directory.ts)', () => {
  it('lists a set-up creator who had no entry, and removes the entry of a suspended one', async () => {
    const { backfillDirectory } = await import('../../scripts/migrations/creator-directory.ts');
    const [missing, suspended] = await Promise.all([creator(), creator()]);
    await db.entities.searchDoc.delete({ profileId: missing.profileId }).go();
    await db.entities.profile.patch({ profileId: suspended.profileId }).set({ status: 'suspended' }).go();
    const counts = await backfillDirectory(db);
    expect(counts.listed).toBeGreaterThan(0);
    expect(await docOf(missing.profileId)).toMatchObject({ username: missing.username });
    expect(await docOf(suspended.profileId)).toBeNull();
  });
});

describe('the reverse block index backfill (scripts/migrations/block-reverse-index.ts)', () => {
  it('indexes an edge written before the index, so the blocker leaves the blocked fan’s search', async () => {
    const { backfillBlockIndex } = await import('../../scripts/migrations/block-reverse-index.ts');
    const kw = token();
    const blocker = await creatorWith({ genre: kw });
    const f = await fan();
    expect(
      (await api('/block', { token: blocker.token, body: { profile_id: f.profileId, blocked: true } }))
        .status,
    ).toBe(200);
    expect(ids(await search(f, { keyword: kw }))).toEqual([]);
    // As an edge from before the index: no gsi2 keys, so the fan's search cannot see it.
    await rawDb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: `blocks#${blocker.profileId}`, sk: `to#${f.profileId}` },
        UpdateExpression: 'REMOVE gsi2pk, gsi2sk',
      }),
    );
    expect(ids(await search(f, { keyword: kw }))).toEqual([blocker.profileId]);
    const counts = await backfillBlockIndex(db);
    expect(counts.indexed).toBeGreaterThan(0);
    expect(ids(await search(f, { keyword: kw }))).toEqual([]);
    // Unblocked meanwhile: the backfill does not bring the edge back.
    expect(
      (await api('/block', { token: blocker.token, body: { profile_id: f.profileId, blocked: false } }))
        .status,
    ).toBe(200);
    expect(ids(await search(f, { keyword: kw }))).toEqual([blocker.profileId]);
  });
});

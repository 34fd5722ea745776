/**
 * Page cursors are opaque and checked (issue 8 item 9): a list hands out cursors sealed for the
 * caller and the list, takes them back as they are, and refuses any other cursor with 400
 * 'cursor_invalid' instead of running a Query from it.
 */
import { businessConfig } from '@app/shared/config';
import { beforeAll, describe, expect, it } from 'vitest';
import { ttlAt } from '../src/db/keys.ts';
import { timeId } from '../src/lib/crypto.ts';
import { fan, type Member } from './helpers/chat.ts';
import { api, testDb } from './helpers/cloud.ts';

const N = businessConfig.notices;
const db = testDb();

async function notices(m: Member, count: number) {
  const now = new Date();
  for (let i = 0; i < count; i++)
    await db.entities.notice
      .create({
        profileId: m.profileId,
        noticeId: timeId(new Date(now.getTime() - (count - i) * 1000)),
        kind: 'chat_spend',
        params: { points: i + 1, chatroom_id: 'x_y', nickname: 'n' },
        createdAt: now.toISOString(),
        ttl: ttlAt(new Date(now.getTime() + 86_400_000)),
      })
      .go();
}

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('GET /notice pages with opaque cursors', () => {
  let me: Member;
  let other: Member;
  let mine: string;

  beforeAll(async () => {
    [me, other] = await Promise.all([fan(), fan()]);
    await Promise.all([notices(me, N.pageSize + 3), notices(other, N.pageSize + 1)]);
    const first = await api('/notice', { token: me.token });
    expect(first.body.notices).toHaveLength(N.pageSize);
    mine = first.body.next_cursor;
  });

  it('the cursor handed out brings the next page back, and says nothing readable', async () => {
    expect(mine).toMatch(/^c1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{22}$/);
    const second = await api(`/notice?cursor=${encodeURIComponent(mine)}`, { token: me.token });
    expect(second.status).toBe(200);
    expect(second.body.notices).toHaveLength(3);
    expect(second.body.next_cursor).toBeNull();
  });

  it("refuses another member's cursor, and mine on another member's session", async () => {
    const theirs = (await api('/notice', { token: other.token })).body.next_cursor;
    expect(theirs).toEqual(expect.any(String));
    for (const [token, cursor] of [
      [me.token, theirs],
      [other.token, mine],
    ]) {
      const res = await api(`/notice?cursor=${encodeURIComponent(cursor)}`, { token });
      expect([res.status, res.body.code]).toEqual([400, 'cursor_invalid']);
    }
  });

  it('refuses garbage and forged ElectroDB cursors with 400, never 500', async () => {
    for (const cursor of [
      'garbage',
      base64url({ pk: `notices#${other.profileId}`, sk: '01J' }),
      base64url({ pk: `notices#${me.profileId}`, sk: { S: 1 } }),
      `c1.${base64url({ pk: `notices#${other.profileId}` })}.${'A'.repeat(22)}`,
      'x'.repeat(5000),
    ]) {
      const res = await api(`/notice?cursor=${encodeURIComponent(cursor)}`, { token: me.token });
      expect([res.status, res.body.code], cursor.slice(0, 40)).toEqual([400, 'cursor_invalid']);
    }
  });

  it("refuses the caller's own cursor of another list", async () => {
    const res = await api(`/chatroom/list?cursor=${encodeURIComponent(mine)}`, { token: me.token });
    expect([res.status, res.body.code]).toEqual([400, 'cursor_invalid']);
  });
});

describe('path parameters', () => {
  it('a 5,000-character room id is refused as an unknown room, not a 500', async () => {
    const m = await fan();
    for (const path of [`/chatroom/${'a'.repeat(5000)}`, `/chat/${'a'.repeat(5000)}/latest`]) {
      const res = await api(path, { token: m.token });
      expect([res.status, res.body.code], path.slice(0, 30)).toEqual([404, 'chatroom_not_found']);
    }
  });
});

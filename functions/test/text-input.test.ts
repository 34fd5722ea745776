/**
 * Free text holds visible characters (issue 8 item 10): messages, nicknames and every other text
 * field are normalised, invisible characters at their ends dropped, and text that shows nothing is
 * refused (or stored empty where the field is optional); lone surrogates and NUL-like controls are
 * refused in every string of every request. A refused message charges nothing.
 */
import { V } from '@app/shared/validation';
import { beforeAll, describe, expect, it } from 'vitest';
import { registerAccount, validProfile } from './helpers/accounts.ts';
import { balance, creator, fan, give, type Member, room, send } from './helpers/chat.ts';
import { api, issuePaths, testDb } from './helpers/cloud.ts';

const db = testDb();

async function messagesIn(chatroomId: string) {
  const { data } = await db.entities.message.query.byRoom({ chatroomId }).go({ pages: 'all' });
  return data;
}

describe('chat messages', () => {
  let f: Member;
  let c: Member;
  let chatroomId: string;

  beforeAll(async () => {
    [f, c] = await Promise.all([fan(), creator()]);
    await give(f.profileId, 100);
    chatroomId = await room(f, c);
  });

  it.each([
    ['zero-width characters only', '\u200B\u200C\u200D\u2060\uFEFF'],
    ['white space and fillers only', ' \u3000\u3164\u2800\n\t'],
    ['a lone combining mark', '\u0301'],
  ])('refuses %s with 422 and charges nothing', async (_, text) => {
    const before = await balance(f);
    const res = await send(f, chatroomId, { text });
    expect(res.status).toBe(422);
    expect(issuePaths(res.body)).toEqual({ text: V.messageContent });
    expect(await balance(f)).toBe(before);
    expect(await messagesIn(chatroomId)).toEqual([]);
  });

  it.each([
    ['controls only', '\u0001\u0002\u0003'],
    ['NUL', '\u0000'],
    ['NUL inside a text', 'hello\u0000world'],
    ['a lone surrogate', '\uD83D'],
    ['a lone surrogate inside a text', 'hello \uDE00'],
  ])('refuses %s with 422 and charges nothing', async (_, text) => {
    const before = await balance(f);
    const res = await send(f, chatroomId, { text });
    expect(res.status).toBe(422);
    expect(Object.values(issuePaths(res.body))).toEqual([V.textCharacters]);
    expect(await balance(f)).toBe(before);
    expect(await messagesIn(chatroomId)).toEqual([]);
  });

  it('stores a visible text without the invisible characters around it, in NFC, and charges it', async () => {
    const before = await balance(f);
    const res = await send(f, chatroomId, { text: '\u200B\u3000Cafe\u0301 ❤️\u200B\n' });
    expect(res.status).toBe(200);
    expect(res.body.message.text).toBe('Café ❤️');
    expect(await balance(f)).toBe(before - res.body.points);
    expect(res.body.points).toBeGreaterThan(0);
  });
});

describe('profile and user info', () => {
  let f: Member;

  beforeAll(async () => {
    f = await fan();
  });

  const profile = (fields: Record<string, unknown>) =>
    api('/mypage/profile/update', { token: f.token, body: { ...validProfile(f.username), ...fields } });

  it('refuses a nickname of only U+200B (and other invisible nicknames) and keeps the old one', async () => {
    const before = (await api('/mypage', { token: f.token })).body.profile.nickname;
    for (const nickname of ['\u200B', '\u200B\u200B\u200B', '\u3164', ' \u2800 ']) {
      const res = await profile({ nickname });
      expect(res.status, JSON.stringify(nickname)).toBe(422);
      expect(issuePaths(res.body)).toEqual({ nickname: V.nicknameRequired });
    }
    expect((await api('/mypage', { token: f.token })).body.profile.nickname).toBe(before);
  });

  it('refuses lone surrogates and controls in a nickname', async () => {
    for (const nickname of ['\uD800', 'きのこ\uDFFF', 'a\u0000b', 'a\u0085b', 'two\nlines']) {
      const res = await profile({ nickname });
      expect(res.status, JSON.stringify(nickname)).toBe(422);
      expect(issuePaths(res.body)).toEqual({ nickname: V.textCharacters });
    }
  });

  it('stores a trimmed nickname, and an invisible-only bio as empty', async () => {
    const res = await profile({ nickname: '\u200Bきのこ\u200B', bio: '\u200B\u200D' });
    expect(res.status).toBe(200);
    const mine = (await api('/mypage', { token: f.token })).body.profile;
    expect(mine.nickname).toBe('きのこ');
    expect(mine.bio).toBe('');
  });

  it('refuses a full name of only zero-width characters', async () => {
    const res = await api('/mypage/user', {
      token: f.token,
      body: {
        full_name: '\u200B\u200C',
        notification_email: 'a@example.com',
        gender: 'male',
        birth_date: '1995-04-01',
      },
    });
    expect(res.status).toBe(422);
    expect(issuePaths(res.body)).toEqual({ full_name: V.fullName });
  });
});

describe('lone surrogates anywhere', () => {
  it('are refused in fields that are not free text, and in keys', async () => {
    const s = await registerAccount();
    for (const [path, body] of [
      ['/auth/login', { email: 'a\uD800@example.com', password: 'Kinoko#2026' }],
      ['/auth/forgot-password', { email: '\uDC00a@example.com' }],
      ['/mypage/check-username', { username: 'abc\uD800' }],
      ['/notice/read', { id: '\uD800' }],
      ['/notice/read', { '\uD800': 1 }],
    ] as const) {
      const res = await api(path, { token: s.access_token, body });
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(422);
      expect(Object.values(issuePaths(res.body)), path).toEqual([V.textCharacters]);
    }
  });
});

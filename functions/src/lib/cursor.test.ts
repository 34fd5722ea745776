import { describe, expect, it } from 'vitest';
import { CURSOR_MAX_LENGTH, cursorScope, openCursor, sealCursor } from './cursor.ts';

const SECRET = 'x'.repeat(40);
const mine = cursorScope('GET /notice', 'me');
const position = Buffer.from(JSON.stringify({ pk: 'notices#me', sk: '01J' })).toString('base64url');

const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return (error as { code?: string }).code;
  }
  return 'accepted';
};

describe('page cursors', () => {
  it('open what they sealed, for the same route and caller', () => {
    const cursor = sealCursor(SECRET, mine, position);
    expect(cursor).toMatch(/^c1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{22}$/);
    expect(openCursor(SECRET, mine, cursor)).toBe(position);
  });

  it("refuse another caller's cursor, another list's, and one sealed with another secret", () => {
    const cursor = sealCursor(SECRET, mine, position);
    expect(refusal(() => openCursor(SECRET, cursorScope('GET /notice', 'you'), cursor))).toBe(
      'cursor_invalid',
    );
    expect(refusal(() => openCursor(SECRET, cursorScope('GET /chatroom/list', 'me'), cursor))).toBe(
      'cursor_invalid',
    );
    expect(refusal(() => openCursor('y'.repeat(40), mine, cursor))).toBe('cursor_invalid');
  });

  it('refuse edited, forged, unsigned and garbage cursors', () => {
    const cursor = sealCursor(SECRET, mine, position);
    const [v, body, tag] = cursor.split('.') as [string, string, string];
    const forged = Buffer.from(JSON.stringify({ pk: 'notices#you', sk: '01J' })).toString('base64url');
    for (const bad of [
      `${v}.${forged}.${tag}`,
      `${v}.${body}.${tag.slice(0, -1)}${tag.endsWith('A') ? 'B' : 'A'}`,
      `${v}.${body}`,
      position,
      forged,
      'garbage',
      '',
      '%00',
      `c1.${'A'.repeat(CURSOR_MAX_LENGTH)}.${tag}`,
    ])
      expect(
        refusal(() => openCursor(SECRET, mine, bad)),
        bad.slice(0, 40),
      ).toBe('cursor_invalid');
  });
});

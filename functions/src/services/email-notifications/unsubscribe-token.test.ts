import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.ts';
import { openUnsubscribeToken, unsubscribeToken } from './unsubscribe-token.ts';

const SECRET = 's'.repeat(40);
const refused = (token: string, secret = SECRET) => {
  try {
    openUnsubscribeToken(secret, token);
    return null;
  } catch (error) {
    return error instanceof AppError ? error.code : 'other';
  }
};

describe('unsubscribe tokens', () => {
  it('open to the profile and kind they were signed for', () => {
    const token = unsubscribeToken(SECRET, 'abc123', 'replies');
    expect(token).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(openUnsubscribeToken(SECRET, token)).toEqual({ profileId: 'abc123', kind: 'replies' });
    expect(unsubscribeToken(SECRET, 'abc123', 'replies')).toBe(token);
    expect(unsubscribeToken(SECRET, 'abc123', 'messages')).not.toBe(token);
  });

  it('refuse another profile or kind under the same MAC, another secret, and anything malformed', () => {
    const token = unsubscribeToken(SECRET, 'abc123', 'replies');
    const [, mac] = token.split('.');
    const payload = (text: string) => Buffer.from(text).toString('base64url');
    expect(refused(`${payload('other\nreplies')}.${mac}`)).toBe('unsubscribe_invalid');
    expect(refused(`${payload('abc123\nnotices')}.${mac}`)).toBe('unsubscribe_invalid');
    expect(refused(token, 't'.repeat(40))).toBe('unsubscribe_invalid');
    expect(refused(`${token}.x`)).toBe('unsubscribe_invalid');
    expect(refused(token.slice(0, -2))).toBe('unsubscribe_invalid');
    expect(refused('')).toBe('unsubscribe_invalid');
    expect(refused('.')).toBe('unsubscribe_invalid');
  });

  it('refuse a correctly signed payload of another shape (a profile id with a line break)', () => {
    expect(refused(unsubscribeToken(SECRET, 'a\nb', 'replies'))).toBe('unsubscribe_invalid');
  });
});

import type { MessageView } from '@app/shared/schemas/chat';
import { describe, expect, it } from 'vitest';
import { formatListTime, formatTime, lastReadByPeer, mergeMessages, withDays } from './timeline.ts';

const msg = (id: string, over: Partial<MessageView> = {}): MessageView => ({
  id,
  chatroom_id: 'c_f',
  sender_id: 'f',
  kind: 'text',
  text: id,
  file: null,
  stamp_id: null,
  cost: 3,
  deleted: null,
  created_at: '2026-05-20T01:00:00.000Z',
  ...over,
});

describe('mergeMessages', () => {
  it('keeps one entry per id, oldest first, with the newest state', () => {
    const merged = mergeMessages([msg('01B'), msg('01A')], [msg('01C'), msg('01A', { text: 'edited' })]);
    expect(merged.map((m) => m.id)).toEqual(['01A', '01B', '01C']);
    expect(merged[0]?.text).toBe('edited');
  });
  it('never undoes a deletion with an older copy', () => {
    const deleted = msg('01A', { deleted: 'sender', text: null });
    expect(mergeMessages([deleted], [msg('01A')])[0]?.deleted).toBe('sender');
    expect(mergeMessages([msg('01A')], [deleted])[0]?.deleted).toBe('sender');
  });
});

describe('times', () => {
  it('are Japan time', () => {
    expect(formatTime('ja', '2026-05-20T15:30:00.000Z')).toBe('00:30');
    expect(formatTime('en', '2026-05-20T01:05:00.000Z')).toBe('10:05');
  });
  it('on the list: today the time, yesterday the word, this year the date, else the full date', () => {
    const now = new Date('2026-05-20T03:00:00.000Z'); // 12:00 JST
    expect(formatListTime('ja', '2026-05-20T00:10:00.000Z', now, '昨日')).toBe('09:10');
    expect(formatListTime('ja', '2026-05-19T14:59:00.000Z', now, '昨日')).toBe('昨日');
    expect(formatListTime('ja', '2026-03-02T03:00:00.000Z', now, '昨日')).toBe('3/2');
    expect(formatListTime('en', '2026-03-02T03:00:00.000Z', now, 'Yesterday')).toBe('Mar 2');
    expect(formatListTime('en', '2025-12-30T03:00:00.000Z', now, 'Yesterday')).toBe('Dec 30, 2025');
  });
});

describe('withDays', () => {
  it('puts a separator before the first message of each JST day', () => {
    const items = withDays([
      msg('01A', { created_at: '2026-05-19T14:00:00.000Z' }), // 23:00 JST on the 19th
      msg('01B', { created_at: '2026-05-19T15:30:00.000Z' }), // 00:30 JST on the 20th
      msg('01C', { created_at: '2026-05-20T02:00:00.000Z' }),
    ]);
    expect(items.map((i) => i.type)).toEqual(['day', 'message', 'day', 'message', 'message']);
  });
});

describe('lastReadByPeer', () => {
  it('is my newest message sent at or before the peer read the room', () => {
    const list = [
      msg('01A', { sender_id: 'me', created_at: '2026-05-20T01:00:00.000Z' }),
      msg('01B', { sender_id: 'peer', created_at: '2026-05-20T01:01:00.000Z' }),
      msg('01C', { sender_id: 'me', created_at: '2026-05-20T01:02:00.000Z' }),
      msg('01D', { sender_id: 'me', created_at: '2026-05-20T01:05:00.000Z' }),
    ];
    expect(lastReadByPeer(list, 'me', '2026-05-20T01:03:00.000Z')).toBe('01C');
    expect(lastReadByPeer(list, 'me', null)).toBeNull();
    expect(lastReadByPeer(list, 'me', '2026-05-20T00:00:00.000Z')).toBeNull();
  });
});

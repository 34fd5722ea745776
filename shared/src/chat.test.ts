import { describe, expect, it } from 'vitest';
import { chatroomIdOf, effectiveChatCost, membersOf, nextDate, pendingChatCost, previewOf } from './chat.ts';
import { businessConfig } from './config.ts';
import { resources } from './i18n/index.ts';
import { noticeKinds } from './schemas/notice.ts';

describe('chat rules', () => {
  it('a chatroom id is the creator and the other member, and reads back', () => {
    expect(chatroomIdOf('c1', 'f1')).toBe('c1_f1');
    expect(membersOf('c1_f1')).toEqual({ creatorId: 'c1', otherId: 'f1' });
    expect(membersOf('c1')).toBeNull();
    expect(membersOf('a_b_c')).toBeNull();
    expect(membersOf('_f1')).toBeNull();
  });

  it('the price is today’s value until the date of tomorrow’s value comes', () => {
    const state = { chatCost: 5, chatCostNext: 8, chatCostNextFrom: '2026-03-02' };
    expect(effectiveChatCost(state, '2026-03-01')).toBe(5);
    expect(pendingChatCost(state, '2026-03-01')).toEqual({ cost: 8, from: '2026-03-02' });
    expect(effectiveChatCost(state, '2026-03-02')).toBe(8);
    expect(pendingChatCost(state, '2026-03-02')).toBeNull();
    expect(effectiveChatCost(state, '2026-04-30')).toBe(8);
  });

  it('a creator who never set a price charges the default', () => {
    expect(effectiveChatCost(null, '2026-03-01')).toBe(businessConfig.chat.defaultCostMushrooms);
    expect(effectiveChatCost({ chatCostNext: 3, chatCostNextFrom: '2026-03-02' }, '2026-03-01')).toBe(
      businessConfig.chat.defaultCostMushrooms,
    );
    expect(pendingChatCost(undefined, '2026-03-01')).toBeNull();
  });

  it('next dates cross months and years', () => {
    expect(nextDate('2026-01-31')).toBe('2026-02-01');
    expect(nextDate('2028-02-28')).toBe('2028-02-29');
    expect(nextDate('2026-12-31')).toBe('2027-01-01');
  });

  it('previews collapse whitespace and cut long texts by characters', () => {
    expect(previewOf('  hello\n\nworld ')).toBe('hello world');
    const long = 'き'.repeat(businessConfig.chat.previewLength + 5);
    expect(previewOf(long)).toBe(`${'き'.repeat(businessConfig.chat.previewLength)}…`);
  });

  it('every notice kind and every stamp has its words in Japanese and English', () => {
    for (const lang of ['ja', 'en'] as const) {
      const kinds = resources[lang].notices.kinds as Record<string, string>;
      for (const kind of noticeKinds) {
        expect(kinds[kind] ?? kinds[`${kind}_other`], `${lang} ${kind}`).toMatch(/\S/);
      }
      for (const stamp of businessConfig.chat.stamps) expect(stamp.name[lang]).toMatch(/\S/);
    }
    const ids = businessConfig.chat.stamps.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

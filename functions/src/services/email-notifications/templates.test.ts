import { describe, expect, it } from 'vitest';
import { digestMail, noticeText, oneClickUrl, unsubscribePageUrl } from './templates.ts';

const links = { siteUrl: 'https://app.example.jp', token: 'cGF5bG9hZA.bWFj' };
const at = new Date('2026-11-24T09:05:00Z'); // 18:05 JST

describe('digest mail templates', () => {
  it('creators: who waits, how many, since when (JST), the chat list and the unsubscribe link, in ja', () => {
    const mail = digestMail(
      'ja',
      'c@example.com',
      {
        kind: 'replies',
        rooms: [
          { nickname: 'ひなた', count: 2, capped: false, at },
          { nickname: 'あおい', count: 50, capped: true, at },
        ],
        more: 3,
      },
      links,
    );
    expect(mail.to).toBe('c@example.com');
    expect(mail.subject).toBe('【kinoko】返信を待っているファンが5人います');
    expect(mail.text).toContain('・ひなたさん: メッセージ2件（11月24日 18:05から）');
    expect(mail.text).toContain('・あおいさん: メッセージ50件以上（');
    expect(mail.text).toContain('ほか3人');
    expect(mail.text).toContain('チャット一覧: https://app.example.jp/chatroom');
    expect(mail.text).toContain('https://app.example.jp/unsubscribe?token=cGF5bG9hZA.bWFj');
    expect(mail.headers).toEqual([
      {
        name: 'List-Unsubscribe',
        value: '<https://app.example.jp/api/notification/unsubscribe/one-click?token=cGF5bG9hZA.bWFj>',
      },
      { name: 'List-Unsubscribe-Post', value: 'List-Unsubscribe=One-Click' },
    ]);
  });

  it('in en: English text, /en links, singular and plural', () => {
    const one = digestMail(
      'en',
      'c@example.com',
      { kind: 'replies', rooms: [{ nickname: 'Hinata', count: 1, capped: false, at }], more: 0 },
      links,
    );
    expect(one.subject).toBe('[kinoko] 1 fan is waiting for your reply');
    expect(one.text).toContain('- Hinata: 1 message (since 24 Nov, 18:05)');
    expect(one.text).toContain('Your chats: https://app.example.jp/en/chatroom');
    expect(one.text).toContain('https://app.example.jp/en/unsubscribe?token=');
    expect(one.text).not.toMatch(/[ぁ-んァ-ン]/);
    const messages = digestMail(
      'en',
      'f@example.com',
      { kind: 'messages', rooms: [{ nickname: 'Sakura', count: 3, capped: false, at }], more: 1 },
      links,
    );
    expect(messages.subject).toBe('[kinoko] New messages from 2 creators');
    expect(messages.text).toContain('- Sakura: 3 new (latest 24 Nov, 18:05)');
  });

  it('fans: notices from the notices catalogue (the buyer’s purchase has its own text)', () => {
    expect(noticeText('ja', 'purchase', { side: 'buyer', item_name: '写真集' })).toBe(
      '写真集の購入が完了しました。ライブラリから確認できます。',
    );
    expect(noticeText('en', 'fanclub_ended', { fanclub_name: 'Club' })).toContain('Club');
    const mail = digestMail(
      'ja',
      'f@example.com',
      {
        kind: 'notices',
        notices: [{ kind: 'fanclub_ended', params: { fanclub_name: 'きのこ倶楽部' }, at }],
        more: 0,
      },
      links,
    );
    expect(mail.subject).toBe('【kinoko】新しいお知らせが1件あります');
    expect(mail.text).toContain('・「きのこ倶楽部」の会員期間が終了しました。（11月24日 18:05）');
    expect(mail.text).toContain('お知らせ一覧: https://app.example.jp/notice');
  });

  it('the links escape the token and stay within SES header limits', () => {
    const odd = { siteUrl: 'https://app.example.jp', token: 'a+b/c' };
    expect(unsubscribePageUrl('ja', odd)).toBe('https://app.example.jp/unsubscribe?token=a%2Bb%2Fc');
    expect(oneClickUrl(odd)).toContain('token=a%2Bb%2Fc');
    const long = { siteUrl: 'https://app.example.jp', token: `${'x'.repeat(60)}.${'y'.repeat(43)}` };
    const mail = digestMail('ja', 'c@example.com', { kind: 'replies', rooms: [], more: 1 }, long);
    for (const h of mail.headers ?? []) expect(h.value).toMatch(/^[ -~]{1,870}$/);
  });
});

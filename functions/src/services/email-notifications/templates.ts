/**
 * The notification digests' mail, in ja and en: who is waiting (creators), new messages and
 * important notices (fans). Every one carries its unsubscribe link in the text and, for mail
 * clients, the RFC 8058 headers (`List-Unsubscribe` with the one-click endpoint and
 * `List-Unsubscribe-Post`).
 */
import { businessConfig, type Language } from '@app/shared/config';
import enNotices from '@app/shared/i18n/en/notices';
import jaNotices from '@app/shared/i18n/ja/notices';
import type { Mail } from '../../lib/mailer.ts';

const BRAND = businessConfig.brandName;

/** A room in a digest: the peer, how many messages, since when (replies) or the last one (messages). */
export interface RoomEntry {
  nickname: string;
  count: number;
  /** The count reached the read's cap: "or more". */
  capped: boolean;
  at: Date;
}

export interface NoticeEntry {
  kind: string;
  params: Record<string, string | number>;
  at: Date;
}

export type DigestContent =
  | { kind: 'replies' | 'messages'; rooms: RoomEntry[]; more: number }
  | { kind: 'notices'; notices: NoticeEntry[]; more: number };

export interface DigestLinks {
  siteUrl: string;
  token: string;
}

/** JST: "11月24日 18:05" (ja), "24 Nov, 18:05" (en). */
function when(lang: Language, at: Date): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: businessConfig.timeZone,
    month: lang === 'ja' ? 'numeric' : 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const time = `${part('hour')}:${part('minute')}`;
  return lang === 'ja'
    ? `${part('month')}月${part('day')}日 ${time}`
    : `${part('day')} ${part('month')}, ${time}`;
}

const prefixOf = (lang: Language) => (lang === 'ja' ? '' : '/en');

/** The unsubscribe page (asks, then turns the kind off) in the mail's language. */
export function unsubscribePageUrl(lang: Language, links: DigestLinks): string {
  return `${links.siteUrl}${prefixOf(lang)}/unsubscribe?token=${encodeURIComponent(links.token)}`;
}

/** The RFC 8058 endpoint a mail client posts `List-Unsubscribe=One-Click` to (through the site's /api). */
export function oneClickUrl(links: DigestLinks): string {
  return `${links.siteUrl}/api/notification/unsubscribe/one-click?token=${encodeURIComponent(links.token)}`;
}

/** A notice's text from the notices catalogue (the buyer's purchase notice has its own). */
export function noticeText(lang: Language, kind: string, params: Record<string, string | number>): string {
  const kinds = (lang === 'ja' ? jaNotices : enNotices).kinds as Record<string, string>;
  const key = kind === 'purchase' && params.side === 'buyer' ? 'purchase_buyer' : kind;
  const template = kinds[key] ?? kinds[`${key}_other`] ?? '';
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}

const texts = {
  ja: {
    replies: {
      subject: (n: number) => `【${BRAND}】返信を待っているファンが${n}人います`,
      lead: '有料メッセージを送ったファンが、あなたの返信を待っています。',
      line: (e: RoomEntry, at: string) =>
        `・${e.nickname}さん: メッセージ${e.count}件${e.capped ? '以上' : ''}（${at}から）`,
      more: (n: number) => `ほか${n}人`,
      open: 'チャット一覧',
      path: '/chatroom',
    },
    messages: {
      subject: (n: number) => `【${BRAND}】${n}人のクリエイターから新しいメッセージが届いています`,
      lead: 'まだ読んでいないメッセージがあります。',
      line: (e: RoomEntry, at: string) =>
        `・${e.nickname}さんから${e.count}件${e.capped ? '以上' : ''}（最新: ${at}）`,
      more: (n: number) => `ほか${n}人`,
      open: 'チャット一覧',
      path: '/chatroom',
    },
    notices: {
      subject: (n: number) => `【${BRAND}】新しいお知らせが${n}件あります`,
      lead: '大切なお知らせが届いています。',
      more: (n: number) => `ほか${n}件`,
      open: 'お知らせ一覧',
      path: '/notice',
    },
    footer: (interval: number) =>
      `このメールは、1つの種類につき${interval}分に1通までお送りしています。メールの受け取り方はアカウント設定で変更できます。`,
    unsubscribe: '今後このメールを受け取らない場合はこちら（ログイン不要）:',
  },
  en: {
    replies: {
      subject: (n: number) => `[${BRAND}] ${n} ${n === 1 ? 'fan is' : 'fans are'} waiting for your reply`,
      lead: 'Fans who sent you paid messages are waiting for your reply.',
      line: (e: RoomEntry, at: string) =>
        `- ${e.nickname}: ${e.count}${e.capped ? '+' : ''} ${e.count === 1 ? 'message' : 'messages'} (since ${at})`,
      more: (n: number) => `and ${n} more`,
      open: 'Your chats',
      path: '/chatroom',
    },
    messages: {
      subject: (n: number) => `[${BRAND}] New messages from ${n} ${n === 1 ? 'creator' : 'creators'}`,
      lead: 'You have messages you have not read yet.',
      line: (e: RoomEntry, at: string) =>
        `- ${e.nickname}: ${e.count}${e.capped ? '+' : ''} new (latest ${at})`,
      more: (n: number) => `and ${n} more`,
      open: 'Your chats',
      path: '/chatroom',
    },
    notices: {
      subject: (n: number) => `[${BRAND}] ${n} new ${n === 1 ? 'notice' : 'notices'}`,
      lead: 'You have important notices.',
      more: (n: number) => `and ${n} more`,
      open: 'Your notices',
      path: '/notice',
    },
    footer: (interval: number) =>
      `We send at most one e-mail of this kind every ${interval} minutes. You can change which e-mail you receive in your account settings.`,
    unsubscribe: 'To stop receiving this e-mail (no login needed):',
  },
} as const;

/** The digest mail of one kind to one address. */
export function digestMail(lang: Language, to: string, content: DigestContent, links: DigestLinks): Mail {
  const t = texts[lang];
  const kindTexts = t[content.kind];
  let count: number;
  let lines: string[];
  if (content.kind === 'notices') {
    count = content.notices.length + content.more;
    lines = content.notices.map((n) =>
      lang === 'ja'
        ? `・${noticeText(lang, n.kind, n.params)}（${when(lang, n.at)}）`
        : `- ${noticeText(lang, n.kind, n.params)} (${when(lang, n.at)})`,
    );
  } else {
    const roomTexts = t[content.kind];
    count = content.rooms.length + content.more;
    lines = content.rooms.map((r) => roomTexts.line(r, when(lang, r.at)));
  }
  if (content.more > 0) lines.push(kindTexts.more(content.more));
  const interval = businessConfig.mail.digestIntervalMinutes;
  const text = [
    kindTexts.lead,
    '',
    ...lines,
    '',
    `${kindTexts.open}: ${links.siteUrl}${prefixOf(lang)}${kindTexts.path}`,
    '',
    '--',
    t.footer(interval),
    t.unsubscribe,
    unsubscribePageUrl(lang, links),
  ].join('\n');
  return {
    to,
    subject: kindTexts.subject(count),
    text,
    headers: [
      { name: 'List-Unsubscribe', value: `<${oneClickUrl(links)}>` },
      { name: 'List-Unsubscribe-Post', value: 'List-Unsubscribe=One-Click' },
    ],
  };
}

/**
 * The room's message list as pure functions: merging pages and pushes (one entry per message,
 * the newest state wins, ordered by id: ids are ULIDs, so by time), day separators and times in
 * Japan time, and the list's short times.
 */
import { businessConfig, type Language } from '@app/shared/config';
import type { MessageView } from '@app/shared/schemas/chat';

const tz = businessConfig.timeZone;
const locales: Record<Language, string> = { ja: 'ja-JP', en: 'en-US' };

/** `list` with `incoming` added or replacing their earlier state, oldest first. */
export function mergeMessages(list: readonly MessageView[], incoming: readonly MessageView[]): MessageView[] {
  if (incoming.length === 0) return list as MessageView[];
  const byId = new Map(list.map((m) => [m.id, m]));
  for (const m of incoming) {
    const prev = byId.get(m.id);
    // A deletion is final: a late push of the message before it was deleted does not undo it.
    if (prev?.deleted && !m.deleted) continue;
    byId.set(m.id, m);
  }
  return [...byId.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** The JST calendar date (YYYY-MM-DD) of an instant. */
export function jstDay(iso: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** 15:04 in Japan time. */
export function formatTime(lang: Language, iso: string): string {
  return new Intl.DateTimeFormat(locales[lang], {
    timeZone: tz,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));
}

/** A day separator: 2026年5月20日(水) / Wed, May 20, 2026. */
export function formatDay(lang: Language, iso: string): string {
  return new Intl.DateTimeFormat(locales[lang], {
    timeZone: tz,
    year: 'numeric',
    month: lang === 'ja' ? 'long' : 'short',
    day: 'numeric',
    weekday: 'short',
  }).format(new Date(iso));
}

/**
 * The chatroom list's time: the time today, 'yesterday' (`yesterday` is the word), the month and
 * day this year, the full date before.
 */
export function formatListTime(lang: Language, iso: string, now: Date, yesterday: string): string {
  const day = jstDay(iso);
  const today = jstDay(now.toISOString());
  if (day === today) return formatTime(lang, iso);
  if (day === jstDay(new Date(now.getTime() - 86_400_000).toISOString())) return yesterday;
  const sameYear = day.slice(0, 4) === today.slice(0, 4);
  return new Intl.DateTimeFormat(locales[lang], {
    timeZone: tz,
    ...(sameYear ? {} : { year: 'numeric' }),
    month: lang === 'ja' ? 'numeric' : 'short',
    day: 'numeric',
  }).format(new Date(iso));
}

export type TimelineItem =
  | { type: 'day'; key: string; iso: string }
  | { type: 'message'; key: string; message: MessageView };

/** Messages with a separator before the first message of each JST day. */
export function withDays(messages: readonly MessageView[]): TimelineItem[] {
  const items: TimelineItem[] = [];
  let day = '';
  for (const m of messages) {
    const d = jstDay(m.created_at);
    if (d !== day) {
      items.push({ type: 'day', key: `day-${d}`, iso: m.created_at });
      day = d;
    }
    items.push({ type: 'message', key: m.id, message: m });
  }
  return items;
}

/** The id of my newest message the peer has read (the "Read" mark goes under it), or null. */
export function lastReadByPeer(
  messages: readonly MessageView[],
  me: string,
  peerReadAt: string | null,
): string | null {
  if (!peerReadAt) return null;
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i];
    if (m && m.sender_id === me && m.created_at <= peerReadAt) return m.id;
  }
  return null;
}

/**
 * The digest job (`jobs/mail-digests`, every 10 minutes): sends each due digest after reading
 * again what is still waiting, at most one per person and kind within `digestIntervalMinutes`.
 *
 * For each item of the due index (`maildue#<shard>`, `dueAt` up to now):
 * 1. sent within the interval: the item moves to the interval's end (conditional on the `dueAt` read);
 * 2. off, no such person, or no confirmed address: the item leaves the index;
 * 3. nothing waiting any more (answered, read): the item leaves the index, `coveredUntil` = now;
 * 4. else the send is claimed by one conditional write (the `dueAt` read, still on, the interval
 *    passed) that records `lastSentAt` and drops `dueAt`; only the run that wins mails. A mail that
 *    fails gives the claim back (the next run tries again).
 */
import { businessConfig, type Language } from '@app/shared/config';
import type { MailKind } from '@app/shared/mail-kinds';
import type { EntityItem } from 'electrodb';
import type { MailDigest } from '../../db/entities/mail-digest.ts';
import { isConditionFailure } from '../../db/errors.ts';
import type { Db } from '../../db/service.ts';
import type { Clock } from '../../lib/clock.ts';
import { eachLimit } from '../../lib/concurrency.ts';
import { timeIdLow } from '../../lib/crypto.ts';
import { logger } from '../../lib/logger.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { isMailNotice } from './marks.ts';
import { defaultEnabled, dueShardOf, isEnabled, kindsOf, mailAddressOf } from './preferences.ts';
import { type DigestContent, digestMail, type NoticeEntry, type RoomEntry } from './templates.ts';
import { unsubscribeToken } from './unsubscribe-token.ts';

const M = businessConfig.mail;
const MINUTE = 60_000;
const INTERVAL_MS = M.digestIntervalMinutes * MINUTE;
const SHARDS = Array.from({ length: M.dueShards }, (_, s) => String(s));
/** Due items one run takes from each shard; the rest wait for the next run. */
const PER_SHARD = 500;

export interface DigestDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  authSecret: string;
  siteUrl: string;
}

type DigestItem = EntityItem<typeof MailDigest>;

/**
 * What a digest would say, and the newest event time its read reflects (the rows' last messages,
 * the notices read): recorded as `coveredUntil`, so a later record of an older event marks nothing
 * while a newer one does, whatever the clocks of the writers.
 */
interface Read {
  content: DigestContent;
  coveredUntil: string | undefined;
}

const newestOf = (times: string[]): string | undefined =>
  times.reduce<string | undefined>((a, b) => (a === undefined || b > a ? b : a), undefined);

export interface DigestSummary {
  sent: number;
  deferred: number;
  dropped: number;
  nothing: number;
  raced: number;
  failed: number;
}

/** What a creator's reply digest lists: open rooms whose last message is the fan's, with its paid messages since the creator's last one. */
async function waitingReplies(db: Db, creatorId: string): Promise<Read> {
  const { data: rows } = await db.entities.roomMember.query
    .byActivity({ ownerId: creatorId })
    .go({ order: 'desc', limit: M.digestRoomsRead, hydrate: true });
  const waiting = rows.filter(
    (r) =>
      r.status === 'open' &&
      !r.muted &&
      !r.blocked &&
      !r.blockedByPeer &&
      r.lastSenderId !== undefined &&
      r.lastSenderId === r.peerId,
  );
  const rooms: RoomEntry[] = [];
  let more = 0;
  for (const row of waiting) {
    if (rooms.length >= M.digestItems) {
      more++;
      continue;
    }
    const since = row.ownerLastMessageAt;
    const query = db.entities.message.query.byRoom({ chatroomId: row.chatroomId });
    const { data: messages } = await (since ? query.gt({ messageId: timeIdLow(new Date(since)) }) : query).go(
      {
        order: 'asc',
        limit: M.digestMessagesRead,
      },
    );
    const paid = messages.filter(
      (m) =>
        m.senderId === row.peerId && m.txId !== undefined && !m.deleted && (!since || m.createdAt > since),
    );
    const first = paid[0];
    if (!first) continue;
    rooms.push({
      nickname: row.peerNickname ?? row.peerUsername ?? '',
      count: paid.length,
      capped: messages.length >= M.digestMessagesRead,
      at: new Date(first.createdAt),
    });
  }
  return {
    content: { kind: 'replies', rooms, more },
    coveredUntil: newestOf(rows.map((r) => r.lastMessageAt)),
  };
}

/** A fan's message digest: open, unmuted rooms with unread messages whose last message is the creator's. */
async function unreadMessages(db: Db, fanId: string): Promise<Read> {
  const { data: rows } = await db.entities.roomMember.query
    .byActivity({ ownerId: fanId })
    .go({ order: 'desc', limit: M.digestRoomsRead, hydrate: true });
  const unread = rows.filter(
    (r) =>
      r.status === 'open' &&
      !r.muted &&
      !r.blocked &&
      !r.blockedByPeer &&
      r.unread > 0 &&
      r.lastSenderId === r.peerId,
  );
  return {
    content: {
      kind: 'messages',
      rooms: unread.slice(0, M.digestItems).map((r) => ({
        nickname: r.peerNickname ?? r.peerUsername ?? '',
        count: r.unread,
        capped: false,
        at: new Date(r.lastMessageAt),
      })),
      more: Math.max(0, unread.length - M.digestItems),
    },
    coveredUntil: newestOf(rows.map((r) => r.lastMessageAt)),
  };
}

/** A fan's notice digest: unread important notices newer than the last digest's. */
async function newNotices(db: Db, fanId: string, after: string | undefined): Promise<Read> {
  const query = db.entities.notice.query.byProfile({ profileId: fanId });
  const { data } = await (after ? query.gt({ noticeId: timeIdLow(new Date(after)) }) : query).go({
    order: 'desc',
    limit: M.digestRoomsRead,
  });
  const fresh = data.filter(
    (n) => n.readAt === undefined && (!after || n.createdAt > after) && isMailNotice(n.kind, n.params),
  );
  const notices: NoticeEntry[] = fresh.slice(0, M.digestItems).map((n) => ({
    kind: n.kind,
    params: (n.params ?? {}) as Record<string, string | number>,
    at: new Date(n.createdAt),
  }));
  return {
    content: { kind: 'notices', notices, more: Math.max(0, fresh.length - M.digestItems) },
    coveredUntil: newestOf([...data.map((n) => n.createdAt), ...(after ? [after] : [])]),
  };
}

function contentOf(db: Db, item: DigestItem): Promise<Read> {
  if (item.kind === 'replies') return waitingReplies(db, item.profileId);
  if (item.kind === 'messages') return unreadMessages(db, item.profileId);
  return newNotices(db, item.profileId, item.coveredUntil);
}

const isEmpty = (c: DigestContent) => (c.kind === 'notices' ? c.notices.length : c.rooms.length) === 0;

/** A write conditional on the `dueAt` this run read; false when another writer changed it first. */
async function guarded(run: () => Promise<unknown>): Promise<boolean> {
  try {
    await run();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

function patchOf(db: Db, item: DigestItem) {
  return db.entities.mailDigest
    .patch({ profileId: item.profileId, kind: item.kind })
    .composite({ dueShard: dueShardOf(item.profileId) });
}

/** The item leaves the due index (nothing to send); `coveredUntil` when what waited was read. */
function drop(db: Db, item: DigestItem, coveredUntil?: string) {
  return guarded(() =>
    patchOf(db, item)
      .set(coveredUntil ? { coveredUntil } : {})
      .remove(['dueAt'])
      .where((a, op) => op.eq(a.dueAt, item.dueAt as string))
      .go(),
  );
}

type Outcome = keyof DigestSummary;

async function processDigest(deps: DigestDeps, item: DigestItem, now: Date): Promise<Outcome> {
  const { db } = deps;
  const nowIso = now.toISOString();
  const kind: MailKind = item.kind;
  if (item.lastSentAt && Date.parse(item.lastSentAt) + INTERVAL_MS > now.getTime()) {
    const next = new Date(Date.parse(item.lastSentAt) + INTERVAL_MS).toISOString();
    await guarded(() =>
      patchOf(db, item)
        .set({ dueAt: next })
        .where((a, op) => op.eq(a.dueAt, item.dueAt as string))
        .go(),
    );
    return 'deferred';
  }
  const { data: profile } = await db.entities.profile.get({ profileId: item.profileId }).go();
  const address = profile ? await mailAddressOf(db, profile) : null;
  if (
    !profile ||
    !isEnabled(kind, item.enabled) ||
    !kindsOf(profile.roleId).includes(kind) ||
    !address?.email ||
    !address.confirmed
  ) {
    await drop(db, item);
    return 'dropped';
  }
  const { content, coveredUntil } = await contentOf(db, item);
  if (isEmpty(content)) {
    await drop(db, item, coveredUntil);
    return 'nothing';
  }
  const claimed = await guarded(() =>
    patchOf(db, item)
      .set({ lastSentAt: nowIso, ...(coveredUntil ? { coveredUntil } : {}) })
      .remove(['dueAt'])
      .where((a, op) =>
        [
          op.eq(a.dueAt, item.dueAt as string),
          defaultEnabled(kind)
            ? `(${op.notExists(a.enabled)} OR ${op.eq(a.enabled, true)})`
            : op.eq(a.enabled, true),
          `(${op.notExists(a.lastSentAt)} OR ${op.lte(a.lastSentAt, new Date(now.getTime() - INTERVAL_MS).toISOString())})`,
        ].join(' AND '),
      )
      .go(),
  );
  if (!claimed) return 'raced';
  const lang: Language = item.lang ?? businessConfig.defaultLanguage;
  const token = unsubscribeToken(deps.authSecret, item.profileId, kind);
  try {
    await deps.mailer.send(digestMail(lang, address.email, content, { siteUrl: deps.siteUrl, token }));
    return 'sent';
  } catch (error) {
    logger.error('mail digest: send failed', { error: error as Error, kind });
    // Give the claim back so a later run sends it (unless something else wrote meanwhile).
    await guarded(() => {
      const back = patchOf(db, item).set({
        dueAt: item.dueAt as string,
        ...(item.coveredUntil ? { coveredUntil: item.coveredUntil } : {}),
        ...(item.lastSentAt ? { lastSentAt: item.lastSentAt } : {}),
      });
      return (item.lastSentAt ? back : back.remove(['lastSentAt']))
        .where((a, op) => `${op.eq(a.lastSentAt, nowIso)} AND ${op.notExists(a.dueAt)}`)
        .go();
    });
    return 'failed';
  }
}

/** One run: every due digest of every shard (up to `PER_SHARD` each), `sendConcurrency` at once. */
export async function sendDueDigests(deps: DigestDeps): Promise<DigestSummary> {
  const now = deps.clock.now();
  const until = new Date(now.getTime() + 1).toISOString();
  const summary: DigestSummary = { sent: 0, deferred: 0, dropped: 0, nothing: 0, raced: 0, failed: 0 };
  const due = (
    await Promise.all(
      SHARDS.map(async (dueShard) => {
        const { data } = await deps.db.entities.mailDigest.query
          .due({ dueShard })
          .lt({ dueAt: until })
          .go({ limit: PER_SHARD });
        return data;
      }),
    )
  ).flat();
  await eachLimit(due, M.sendConcurrency, async (item) => {
    try {
      summary[await processDigest(deps, item, now)]++;
    } catch (error) {
      logger.error('mail digest: failed', { error: error as Error, kind: item.kind });
      summary.failed++;
    }
  });
  return summary;
}

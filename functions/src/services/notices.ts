/**
 * Notices (N1-N3): written after the event they tell of, with an id derived from the event so a
 * second write is a no-op; read newest first with an unread badge counted since the last
 * "read all" (capped, "99+").
 */
import { businessConfig } from '@app/shared/config';
import type { NoticeKind, NoticeListResponse, NoticeView } from '@app/shared/schemas/notice';
import { noticeKinds } from '@app/shared/schemas/notice';
import type { EntityItem } from 'electrodb';
import type { Notice } from '../db/entities/notice.ts';
import { isConditionFailure } from '../db/errors.ts';
import { ttlAt } from '../db/keys.ts';
import type { Db } from '../db/service.ts';
import type { Clock } from '../lib/clock.ts';
import { timeIdLow } from '../lib/crypto.ts';
import { AppError } from '../lib/errors.ts';

const N = businessConfig.notices;
const DAY_MS = 86_400_000;

export interface NoticeDeps {
  db: Db;
  clock: Clock;
}

export type NoticeParams = Record<string, string | number>;

export interface NewNotice {
  to: string;
  /** Time-ordered and derived from the event (e.g. `<messageId>-e`): a retry writes nothing new. */
  noticeId: string;
  kind: NoticeKind;
  params: NoticeParams;
  /** The event's own time (not the time it is processed), so a replay writes the same notice. */
  createdAt: string;
}

/** The notice's item (kept `notices.keepDays`), for a write of its own or a caller's transaction. */
export function noticeItem(n: NewNotice) {
  return {
    profileId: n.to,
    noticeId: n.noticeId,
    kind: n.kind,
    params: n.params,
    createdAt: n.createdAt,
    ttl: ttlAt(new Date(Date.parse(n.createdAt) + N.keepDays * DAY_MS)),
  };
}

/**
 * N3: Put `notices#<to>`/`<id>` once (a conditional create: an existing notice is left as it is).
 * Other failures throw, so the stream consumer that writes them retries the record.
 */
export async function writeNotices(db: Db, notices: NewNotice[]): Promise<void> {
  await Promise.all(
    notices.map(async (n) => {
      try {
        await db.entities.notice.create(noticeItem(n)).go();
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
    }),
  );
}

type NoticeItem = EntityItem<typeof Notice>;

const isKind = (k: string): k is NoticeKind => (noticeKinds as readonly string[]).includes(k);

function viewOf(n: NoticeItem, readAllAt: string | undefined): NoticeView | null {
  if (!isKind(n.kind)) return null;
  return {
    id: n.noticeId,
    kind: n.kind,
    params: (n.params ?? {}) as NoticeParams,
    read: n.readAt !== undefined || (readAllAt !== undefined && n.createdAt <= readAllAt),
    created_at: n.createdAt,
  };
}

async function unreadCount(
  deps: NoticeDeps,
  profileId: string,
  readAllAt: string | undefined,
): Promise<number> {
  const nowSec = ttlAt(deps.clock.now());
  const q = deps.db.entities.notice.query.byProfile({ profileId });
  const { data } = await (readAllAt ? q.gt({ noticeId: timeIdLow(new Date(readAllAt)) }) : q).go({
    order: 'desc',
    limit: N.unreadCap,
  });
  return data.filter(
    (n) => n.readAt === undefined && n.ttl > nowSec && !(readAllAt && n.createdAt <= readAllAt),
  ).length;
}

/** `GET /notice`: newest first, 20 a page, and the unread badge. */
export async function listNotices(
  deps: NoticeDeps,
  profileId: string,
  cursor: string | undefined,
): Promise<NoticeListResponse> {
  const { data: stats } = await deps.db.entities.stats.get({ profileId }).go();
  const readAllAt = stats?.noticesReadAt;
  const nowSec = ttlAt(deps.clock.now());
  const [page, unread] = await Promise.all([
    deps.db.entities.notice.query
      .byProfile({ profileId })
      .go({ order: 'desc', limit: N.pageSize, ...(cursor ? { cursor } : {}) }),
    unreadCount(deps, profileId, readAllAt),
  ]);
  return {
    // TTL deletion lags up to 48 h: expired ones are hidden here.
    notices: page.data
      .filter((n) => n.ttl > nowSec)
      .map((n) => viewOf(n, readAllAt))
      .filter((v): v is NoticeView => v !== null),
    unread,
    next_cursor: page.cursor ?? null,
  };
}

/** `POST /notice/read`: one notice, or all up to now. */
export async function readNotices(
  deps: NoticeDeps,
  profileId: string,
  noticeId: string | undefined,
): Promise<{ unread: number }> {
  const now = deps.clock.now().toISOString();
  if (noticeId) {
    await deps.db.entities.notice
      .patch({ profileId, noticeId })
      .set({ readAt: now })
      .go()
      .catch((error) => {
        if (isConditionFailure(error)) throw new AppError('not_found');
        throw error;
      });
  } else {
    await deps.db.entities.stats.update({ profileId }).set({ noticesReadAt: now }).go();
  }
  const { data: stats } = await deps.db.entities.stats.get({ profileId }).go({ consistent: true });
  return { unread: await unreadCount(deps, profileId, stats?.noticesReadAt) };
}

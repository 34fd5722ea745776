/**
 * The console's news (issue 17): every news listed newest first (gsi1 `news-list`), created,
 * edited and withdrawn. A news and its audience rows (one per role, read by `GET /home`) are
 * written in one transaction with the audit entry, conditional on the version the operator read;
 * a future `publishedAt` is a scheduled news (home lists `publishedAt <= now` only). Withdrawing
 * deletes the audience rows, so home no longer lists it and its page answers 404.
 */
import { ADMIN_PAGE_SIZE } from '@app/shared/schemas/admin';
import type {
  AdminNewsPage,
  AdminNewsView,
  NewsCreateInput,
  NewsFormInput,
  NewsStatus,
  NewsUpdateInput,
} from '@app/shared/schemas/admin-content';
import { V } from '@app/shared/validation';
import type { EntityItem } from 'electrodb';
import type { News } from '../../db/entities/home.ts';
import type { Db } from '../../db/service.ts';
import type { ProfileItem } from '../../lib/auth.ts';
import type { Clock } from '../../lib/clock.ts';
import { sha256 } from '../../lib/crypto.ts';
import { AppError, fieldError } from '../../lib/errors.ts';
import { auditCommit } from './audit.ts';

export interface NewsDeps {
  db: Db;
  clock: Clock;
}

type NewsItem = EntityItem<typeof News>;
type Fields = NewsFormInput;

const versionOf = (n: NewsItem) => n.version ?? 1;

export function newsStatus(n: NewsItem, now: Date): NewsStatus {
  if (n.status === 'withdrawn') return 'withdrawn';
  return n.publishedAt > now.toISOString() ? 'scheduled' : 'published';
}

export function adminNewsView(n: NewsItem, now: Date): AdminNewsView {
  return {
    id: n.newsId,
    title: { ja: n.titleJa, en: n.titleEn },
    body: { ja: n.bodyJa, en: n.bodyEn },
    audiences: [...n.audiences],
    status: newsStatus(n, now),
    published_at: n.publishedAt,
    withdrawn_at: n.withdrawnAt ?? null,
    created_at: n.createdAt,
    updated_at: n.updatedAt ?? n.createdAt,
    version: versionOf(n),
  };
}

/** The audit's view of a news' fields. */
const auditFields = (
  n: Pick<NewsItem, 'titleJa' | 'titleEn' | 'bodyJa' | 'bodyEn' | 'audiences' | 'publishedAt'>,
) => ({
  title_ja: n.titleJa,
  title_en: n.titleEn,
  body_ja: n.bodyJa,
  body_en: n.bodyEn,
  audiences: [...n.audiences],
  published_at: n.publishedAt,
});

/** Only the fields that differ, before and after. */
function changed(before: Record<string, unknown>, after: Record<string, unknown>) {
  const keys = Object.keys(after).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
  return {
    before: Object.fromEntries(keys.map((k) => [k, before[k]])),
    after: Object.fromEntries(keys.map((k) => [k, after[k]])),
  };
}

/** A page of every news, newest publication first (scheduled ones on top). */
export async function listNews(deps: NewsDeps, cursor: string | undefined): Promise<AdminNewsPage> {
  const page = await deps.db.entities.news.query
    .all({})
    .go({ order: 'desc', limit: ADMIN_PAGE_SIZE, ...(cursor ? { cursor } : {}) });
  const now = deps.clock.now();
  return { news: page.data.map((n) => adminNewsView(n, now)), next_cursor: page.cursor };
}

/** `publish_at`: null is now; a given instant must be later than now. */
function publicationOf(input: Pick<Fields, 'publish_at'>, now: Date): string {
  if (input.publish_at === null) return now.toISOString();
  const at = new Date(input.publish_at);
  if (at.getTime() <= now.getTime()) throw fieldError('publish_at', V.newsPublishAtPast);
  return at.toISOString();
}

const textOf = (input: Fields) => ({
  titleJa: input.title.ja,
  titleEn: input.title.en,
  bodyJa: input.body.ja,
  bodyEn: input.body.en,
});

const sortedAudiences = (a: readonly number[]) => [...a].sort((x, y) => x - y);

export async function createNews(
  deps: NewsDeps,
  actor: ProfileItem,
  fields: NewsCreateInput,
): Promise<AdminNewsView> {
  const now = deps.clock.now();
  const nowIso = now.toISOString();
  const publishedAt = publicationOf(fields, now);
  // The id follows from the operator and the form's key: a doubled submit writes one news.
  const newsId = sha256(`admin-news:${actor.profileId}:${fields.key}`).slice(0, 24);
  const audiences = sortedAudiences(fields.audiences);
  const item = {
    newsId,
    ...textOf(fields),
    audiences,
    publishedAt,
    status: 'live' as const,
    version: 1,
    createdAt: nowIso,
    updatedAt: nowIso,
  };
  const result = await deps.db.transaction
    .write((e) => [
      e.news.create(item).commit(),
      ...audiences.map((roleId) =>
        e.newsAudience
          .create({ newsId, roleId, titleJa: item.titleJa, titleEn: item.titleEn, publishedAt })
          .commit(),
      ),
      auditCommit(e, now, {
        actor,
        action: 'news.create',
        targetType: 'news',
        targetId: newsId,
        before: null,
        after: auditFields(item),
        key: `news-${newsId}`,
      }),
    ])
    .go();
  if (result.canceled) {
    const { data: earlier } = await deps.db.entities.news.get({ newsId }).go({ consistent: true });
    if (earlier) return adminNewsView(earlier, now);
    throw new AppError('news_conflict');
  }
  return adminNewsView(item as NewsItem, now);
}

async function readNews(deps: NewsDeps, newsId: string): Promise<NewsItem> {
  const { data } = await deps.db.entities.news.get({ newsId }).go({ consistent: true });
  if (!data) throw new AppError('news_not_found');
  return data;
}

/**
 * Edits a news: its text, audiences and publication. `publish_at` null keeps a published news'
 * time (and publishes a scheduled one now); an instant (re)schedules it. The audience rows follow
 * in the same transaction, conditional on the version the operator read.
 */
export async function updateNews(
  deps: NewsDeps,
  actor: ProfileItem,
  fields: NewsUpdateInput,
): Promise<AdminNewsView> {
  const current = await readNews(deps, fields.id);
  if (versionOf(current) !== fields.version) throw new AppError('news_conflict');
  if (current.status === 'withdrawn') throw new AppError('news_withdrawn');
  const now = deps.clock.now();
  const nowIso = now.toISOString();
  const publishedAt =
    fields.publish_at === null && current.publishedAt <= nowIso
      ? current.publishedAt
      : publicationOf(fields, now);
  const audiences = sortedAudiences(fields.audiences);
  const next = { ...textOf(fields), audiences, publishedAt };
  const diff = changed(auditFields(current), auditFields(next));
  const version = fields.version + 1;
  const dropped = current.audiences.filter((r) => !audiences.includes(r));
  const result = await deps.db.transaction
    .write((e) => [
      e.news
        .patch({ newsId: current.newsId })
        .set({ ...next, version, updatedAt: nowIso })
        .where((a, op) =>
          current.version === undefined ? op.notExists(a.version) : op.eq(a.version, fields.version),
        )
        .commit(),
      ...audiences.map((roleId) =>
        e.newsAudience
          .put({ newsId: current.newsId, roleId, titleJa: next.titleJa, titleEn: next.titleEn, publishedAt })
          .commit(),
      ),
      ...dropped.map((roleId) => e.newsAudience.delete({ newsId: current.newsId, roleId }).commit()),
      auditCommit(e, now, {
        actor,
        action: 'news.update',
        targetType: 'news',
        targetId: current.newsId,
        ...diff,
        key: `news-${current.newsId}-v${version}`,
      }),
    ])
    .go();
  if (result.canceled) throw new AppError('news_conflict');
  return adminNewsView({ ...current, ...next, version, updatedAt: nowIso }, now);
}

/** Withdraws a news: its status and the deletion of its audience rows in one transaction. */
export async function withdrawNews(
  deps: NewsDeps,
  actor: ProfileItem,
  input: { id: string; version: number },
): Promise<AdminNewsView> {
  const current = await readNews(deps, input.id);
  if (current.status === 'withdrawn') throw new AppError('news_withdrawn');
  if (versionOf(current) !== input.version) throw new AppError('news_conflict');
  const now = deps.clock.now();
  const nowIso = now.toISOString();
  const version = input.version + 1;
  const result = await deps.db.transaction
    .write((e) => [
      e.news
        .patch({ newsId: current.newsId })
        .set({ status: 'withdrawn', withdrawnAt: nowIso, version, updatedAt: nowIso })
        .where((a, op) =>
          current.version === undefined ? op.notExists(a.version) : op.eq(a.version, input.version),
        )
        .commit(),
      ...current.audiences.map((roleId) =>
        e.newsAudience.delete({ newsId: current.newsId, roleId }).commit(),
      ),
      auditCommit(e, now, {
        actor,
        action: 'news.withdraw',
        targetType: 'news',
        targetId: current.newsId,
        before: { status: newsStatus(current, now) },
        after: { status: 'withdrawn' },
        key: `news-${current.newsId}-v${version}`,
      }),
    ])
    .go();
  if (result.canceled) throw new AppError('news_conflict');
  return adminNewsView(
    { ...current, status: 'withdrawn', withdrawnAt: nowIso, version, updatedAt: nowIso },
    now,
  );
}

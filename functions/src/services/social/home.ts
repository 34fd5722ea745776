/**
 * The home screen (H1, H2) and the help modals' confirmations (M17). `GET /home` is one round of
 * reads in parallel: the two snapshot items written by jobs (recommended creators, this month's
 * item rankings) and the banner by one BatchGet, the viewer's newest favorites, the news of the
 * viewer's role published by now.
 */
import { businessConfig } from '@app/shared/config';
import type { confirmationTypes, HomeResponse, NewsDetail } from '@app/shared/schemas/social';
import { jstMonth } from '@app/shared/time';
import type { ProfileItem } from '../../lib/auth.ts';
import { AppError } from '../../lib/errors.ts';
import { creatorCards, mediaUrl } from './cards.ts';
import type { SocialDeps } from './relations.ts';

const S = businessConfig.social;

type Rankings = HomeResponse['rankings'];

export const RECOMMENDED = 'recommended';
export const productSales = (ym: string) => `product-sales#${ym}`;

export async function home(deps: SocialDeps, me: ProfileItem): Promise<HomeResponse> {
  const now = deps.clock.now();
  const sales = productSales(jstMonth(now));
  const [snapshots, banner, favorites, news] = await Promise.all([
    deps.db.entities.rankingSnapshot.get([{ name: RECOMMENDED }, { name: sales }]).go(),
    deps.db.entities.homeBanner.get({}).go(),
    deps.db.entities.favorite.query
      .newest({ fanId: me.profileId })
      .go({ order: 'desc', limit: S.homeFavorites }),
    deps.db.entities.newsAudience.query
      .forRole({ roleId: me.roleId })
      .lte({ publishedAt: now.toISOString() })
      .go({ order: 'desc', limit: S.homeNews }),
  ]);
  const byName = new Map(snapshots.data.map((s) => [s.name, s.lists as Record<string, unknown>]));
  const recommended = (byName.get(RECOMMENDED)?.cards ?? []) as HomeResponse['recommended'];
  const ranking = byName.get(sales) as Partial<Rankings> | undefined;
  const confirmed = new Set(me.confirmed ?? []);
  const image = banner.data ? mediaUrl(banner.data.imageKey) : null;
  return {
    recommended: recommended.filter((c) => c.id !== me.profileId),
    rankings: {
      amount: (ranking?.amount ?? []).slice(0, S.itemRankingSize),
      count: (ranking?.count ?? []).slice(0, S.itemRankingSize),
    },
    favorites: await creatorCards(
      deps.db,
      favorites.data.map((f) => f.creatorId),
    ),
    banner:
      banner.data && image
        ? {
            image_url: image,
            alt: { ja: banner.data.altJa, en: banner.data.altEn },
            link: banner.data.link ?? null,
          }
        : null,
    news: news.data
      .filter((n) => n.publishedAt <= now.toISOString())
      .map((n) => ({ id: n.newsId, title: { ja: n.titleJa, en: n.titleEn }, published_at: n.publishedAt })),
    confirmed: {
      like_favorite_help: confirmed.has('like_favorite_help'),
      point_kinds_help: confirmed.has('point_kinds_help'),
    },
  };
}

/** `GET /home/news/{id}` (H2): published, for the caller's role; else `news_not_found`. */
export async function newsDetail(deps: SocialDeps, me: ProfileItem, newsId: string): Promise<NewsDetail> {
  const { data } = await deps.db.collections.news({ newsId }).go();
  const news = data.news[0];
  const now = deps.clock.now().toISOString();
  const forMe = data.newsAudience.some((a) => a.roleId === me.roleId);
  if (!news || !forMe || news.publishedAt > now) throw new AppError('news_not_found');
  return {
    id: news.newsId,
    title: { ja: news.titleJa, en: news.titleEn },
    body: { ja: news.bodyJa, en: news.bodyEn },
    published_at: news.publishedAt,
  };
}

/** `POST /confirmation {type}` (M17): the viewer saw a help modal (a set: repeating changes nothing). */
export async function confirm(
  deps: SocialDeps,
  me: ProfileItem,
  type: (typeof confirmationTypes)[number],
): Promise<{ ok: true }> {
  await deps.db.entities.profile
    .patch({ profileId: me.profileId })
    .add({ confirmed: [type] })
    .go();
  return { ok: true };
}

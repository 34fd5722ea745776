/**
 * Contracts of profiles, likes, favorites, discovery, search and home (spec section 7 "Profile",
 * "Social", "Notice and home", `POST /confirmation`; DECISIONS "Profiles, likes, favorites,
 * discovery"). The screens of features/profile, features/discovery and features/home read these.
 */
import * as z from 'zod/mini';
import { businessConfig } from '../config.ts';
import { PROFILE_ID_RE, textSchema, V } from '../validation.ts';
import { areaSchema } from './mypage.ts';

const S = businessConfig.social;

export const socialProfileIdSchema = z
  .string({ error: V.chatPeer })
  .check(z.regex(PROFILE_ID_RE, V.chatPeer));

/** A creator as a card in a list (home, discovery, search, favorites, liked). */
export const creatorCard = z.object({
  id: z.string(),
  username: z.string(),
  nickname: z.string(),
  genre: z.nullable(z.string()),
  /** The bio's start (at most `social.cardBioMax` characters). */
  bio: z.nullable(z.string()),
  /** Prefecture code (businessConfig.areas); 0 = not shown. */
  area: z.int(),
  /** Public URL of the avatar's small size; null when none is set. */
  profile_image: z.nullable(z.string()),
  /** Likes received (a counter kept by a stream consumer: may lag a second). */
  liked_by: z.int(),
});
export type CreatorCard = z.infer<typeof creatorCard>;

/** Anyone as the other side of a like (fans have no public profile: no username link for them). */
export const personView = z.object({
  id: z.string(),
  role_id: z.int(),
  /** Set for creators (their profile is `/@{username}`); null for fans. */
  username: z.nullable(z.string()),
  nickname: z.string(),
  profile_image: z.nullable(z.string()),
  genre: z.nullable(z.string()),
});
export type PersonView = z.infer<typeof personView>;

/** One line of a supporter ranking; anonymous supporters carry no id, name or image. */
export const supporterView = z.object({
  rank: z.int(),
  anonymous: z.boolean(),
  id: z.nullable(z.string()),
  nickname: z.nullable(z.string()),
  profile_image: z.nullable(z.string()),
  /** Point value spent on the creator in the period (chat, stamps, items, fan club). */
  points: z.int(),
});
export type SupporterView = z.infer<typeof supporterView>;

/** The viewer's relation to the profile; null for guests. */
export const profileViewerState = z.object({
  self: z.boolean(),
  liked: z.boolean(),
  favorited: z.boolean(),
  /** I blocked them. */
  blocked: z.boolean(),
  /** They blocked me. */
  blocked_by: z.boolean(),
});

/** A public, approved organization on its casts' profiles (issue 16). */
export const organizationBadge = z.object({ name: z.string(), logo_url: z.nullable(z.string()) });
export type OrganizationBadge = z.infer<typeof organizationBadge>;

/** `GET /profile/{id}`: `{id}` is a username (3-20) or a profile id (26, a ULID). Creators only. */
export const publicProfileView = z.object({
  id: z.string(),
  role_id: z.int(),
  username: z.string(),
  nickname: z.string(),
  genre: z.nullable(z.string()),
  bio: z.nullable(z.string()),
  area: z.int(),
  /** Public URLs of the full sizes. */
  profile_image: z.nullable(z.string()),
  background_image: z.nullable(z.string()),
  liked_by: z.int(),
  /** Fans who keep the creator as a favorite: shown to the creator only, null for anyone else. */
  favorited_by: z.nullable(z.int()),
  /** Today's price of one message, in mushrooms. */
  chat_cost: z.int(),
  chat_locked: z.boolean(),
  /** Top supporters this JST month and all time; null when the creator hides the ranking. */
  supporters: z.nullable(z.object({ month: z.array(supporterView), all_time: z.array(supporterView) })),
  viewer: z.nullable(profileViewerState),
  /** A cast's organization when it is public and approved (issue 16), else null. */
  organization: z.nullable(organizationBadge),
});
export type PublicProfileView = z.infer<typeof publicProfileView>;

/** `POST /like {profile_id}`: permanent; a repeated like changes nothing (`created: false`). */
export const likeRequest = z.object({ profile_id: socialProfileIdSchema });
export const likeResponse = z.object({ liked: z.literal(true), created: z.boolean() });
export type LikeResponse = z.infer<typeof likeResponse>;

/** `POST /favorite {profile_id, favorite?}`: sets the state when given, else toggles it. */
export const favoriteRequest = z.object({
  profile_id: socialProfileIdSchema,
  favorite: z.optional(z.boolean()),
});
export const favoriteResponse = z.object({ favorited: z.boolean() });
export type FavoriteResponse = z.infer<typeof favoriteResponse>;

/**
 * `GET /favorite/{id}`, `GET /like/liked/{id}`, `GET /like/liked-you/{id}`: `{id}` is the caller's
 * own profile id (another id is refused); pages by `?cursor=`, newest first.
 */
export const socialListQuery = z.object({ cursor: z.optional(z.string().check(z.maxLength(1024))) });
export const favoriteListResponse = z.object({
  creators: z.array(creatorCard),
  next_cursor: z.nullable(z.string()),
});
export type FavoriteListResponse = z.infer<typeof favoriteListResponse>;

export const likedEntry = z.object({
  person: personView,
  at: z.string(),
  /** Both sides liked each other (on `liked-you`: whether I liked them back). */
  mutual: z.boolean(),
});
export type LikedEntry = z.infer<typeof likedEntry>;
export const likedListResponse = z.object({
  entries: z.array(likedEntry),
  next_cursor: z.nullable(z.string()),
});
export type LikedListResponse = z.infer<typeof likedListResponse>;

/** `GET /like/discovery`: the next creators to show one at a time (not liked, skipped or blocked). */
export const discoveryResponse = z.object({ cards: z.array(creatorCard) });
export type DiscoveryResponse = z.infer<typeof discoveryResponse>;
/** `POST /like/discovery {profile_id, action}`: like, or skip (hidden `social.skipDays` days). */
export const discoveryActions = ['like', 'skip'] as const;
export const discoveryRequest = z.object({
  profile_id: socialProfileIdSchema,
  action: z.enum(discoveryActions, { error: V.required }),
});
export const discoveryActionResponse = z.object({ ok: z.literal(true) });

/** `POST /profile/ {keyword?, area?}` (`?cursor=` for the next page): at least one condition. */
export const searchRequest = z
  .object({
    keyword: z.optional(textSchema({ max: S.searchKeywordMax, maxMessage: V.searchKeywordMax })),
    /** A prefecture code or abroad; 0 ("not shown") is not a filter. */
    area: z.optional(areaSchema.check(z.refine((n) => n !== 0, V.area))),
  })
  .check(
    z.refine((b) => (b.keyword ?? '').trim() !== '' || b.area !== undefined, {
      message: V.searchConditions,
      path: ['keyword'],
    }),
  );
export type SearchRequest = z.infer<typeof searchRequest>;
export const searchResponse = z.object({
  profiles: z.array(creatorCard),
  next_cursor: z.nullable(z.string()),
});
export type SearchResponse = z.infer<typeof searchResponse>;

/** Text in both languages (operators write news and banners in ja and en). */
export const localizedText = z.object({ ja: z.string(), en: z.string() });

export const newsSummary = z.object({
  id: z.string(),
  title: localizedText,
  published_at: z.string(),
});
export type NewsSummary = z.infer<typeof newsSummary>;
/** `GET /home/news/{id}`; an unknown, unpublished or other-audience id is `news_not_found`. */
export const newsDetail = z.object({
  id: z.string(),
  title: localizedText,
  body: localizedText,
  published_at: z.string(),
});
export type NewsDetail = z.infer<typeof newsDetail>;

export const campaignBanner = z.object({
  image_url: z.string(),
  alt: localizedText,
  /** A path inside the site or null. */
  link: z.nullable(z.string()),
});

/** One line of the item rankings (this JST month); empty until the shop exists. */
export const rankedItem = z.object({
  rank: z.int(),
  item_id: z.string(),
  name: z.string(),
  thumbnail: z.nullable(z.string()),
  creator: z.object({ username: z.string(), nickname: z.string() }),
  /** Sales amount in points, or units sold. */
  value: z.int(),
});

/** The help modals shown once (`POST /confirmation {type}` records that the viewer saw one). */
export const confirmationTypes = ['like_favorite_help', 'point_kinds_help'] as const;
export const confirmationRequest = z.object({
  type: z.enum(confirmationTypes, { error: V.required }),
});
export const confirmationResponse = z.object({ ok: z.literal(true) });

/** `GET /home`: one round trip for the home screen. */
export const homeResponse = z.object({
  recommended: z.array(creatorCard),
  rankings: z.object({ amount: z.array(rankedItem), count: z.array(rankedItem) }),
  /** "Close friends": the viewer's favorites, newest first (a few; the full list is /home/favorites). */
  favorites: z.array(creatorCard),
  banner: z.nullable(campaignBanner),
  news: z.array(newsSummary),
  /** Help modals the viewer has already seen. */
  confirmed: z.object({ like_favorite_help: z.boolean(), point_kinds_help: z.boolean() }),
});
export type HomeResponse = z.infer<typeof homeResponse>;

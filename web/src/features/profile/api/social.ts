import {
  discoveryActionResponse,
  discoveryResponse,
  favoriteListResponse,
  favoriteResponse,
  likedListResponse,
  likeResponse,
  publicProfileView,
} from '@app/shared/schemas/social';
import { apiRequest } from '../../../lib/api.ts';
import { hasSession } from '../../../lib/session.ts';

/**
 * The social calls of the screens (spec 7 "Profile", "Social"). `GET /profile/{id}` is public: a
 * guest reads it without a token, a signed-in viewer with one (the answer then carries `viewer`).
 */
export const getProfile = (username: string) =>
  apiRequest({
    method: 'GET',
    path: `/profile/${encodeURIComponent(username)}`,
    auth: hasSession(),
    response: publicProfileView,
  });

/** POST /like {profile_id}: permanent (a repeat answers `created: false`). */
export const like = (profileId: string) =>
  apiRequest({
    method: 'POST',
    path: '/like',
    body: { profile_id: profileId },
    auth: true,
    response: likeResponse,
  });

/** POST /favorite {profile_id, favorite}: sets the state. */
export const setFavorite = (profileId: string, favorite: boolean) =>
  apiRequest({
    method: 'POST',
    path: '/favorite',
    body: { profile_id: profileId, favorite },
    auth: true,
    response: favoriteResponse,
  });

/** GET /favorite/{me}?cursor=: my favorite creators, newest first. */
export const getFavorites = (me: string, cursor?: string) =>
  apiRequest({
    method: 'GET',
    path: `/favorite/${encodeURIComponent(me)}`,
    query: { cursor },
    auth: true,
    response: favoriteListResponse,
  });

/** GET /like/liked/{me} (people I liked) or /like/liked-you/{me} (people who liked me). */
export const getLikes = (kind: 'liked' | 'liked-you', me: string, cursor?: string) =>
  apiRequest({
    method: 'GET',
    path: `/like/${kind}/${encodeURIComponent(me)}`,
    query: { cursor },
    auth: true,
    response: likedListResponse,
  });

/** GET /like/discovery: the next batch of creators to show one at a time. */
export const getDiscovery = () =>
  apiRequest({ method: 'GET', path: '/like/discovery', auth: true, response: discoveryResponse });

/** POST /like/discovery {profile_id, action}: like, or skip for `social.skipDays` days. */
export const discoveryAction = (profileId: string, action: 'like' | 'skip') =>
  apiRequest({
    method: 'POST',
    path: '/like/discovery',
    body: { profile_id: profileId, action },
    auth: true,
    response: discoveryActionResponse,
  });

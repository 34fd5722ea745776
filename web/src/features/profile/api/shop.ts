import {
  itemListResponse,
  type profileItemFilters,
  recentPurchaseLogsResponse,
} from '@app/shared/schemas/shop';
import { apiRequest } from '../../../lib/api.ts';
import { hasSession } from '../../../lib/session.ts';

/**
 * The profile's shop section and purchase log (public reads: a signed-in viewer sends the token,
 * so the creator also gets their private items).
 */
export const getProfileItems = (
  username: string,
  filter: (typeof profileItemFilters)[number] = 'all',
  cursor?: string,
) =>
  apiRequest({
    method: 'GET',
    path: `/profile/${encodeURIComponent(username)}/items/${filter}`,
    query: { cursor },
    auth: hasSession(),
    response: itemListResponse,
  });

/** GET /shop/recent-purchase-logs/{id}: the creator's latest sales (newest first). */
export const getRecentPurchaseLogs = (username: string) =>
  apiRequest({
    method: 'GET',
    path: `/shop/recent-purchase-logs/${encodeURIComponent(username)}`,
    auth: hasSession(),
    response: recentPurchaseLogsResponse,
  });

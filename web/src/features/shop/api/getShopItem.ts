import { shopItemView } from '@app/shared/schemas/shop';
import { apiRequest } from '../../../lib/api.ts';
import { hasSession } from '../../../lib/session.ts';

/** GET /shop/item/{id}: public (a guest reads it without a token; a signed-in viewer gets `viewer`). */
export const getShopItem = (itemId: string, { quiet = false }: { quiet?: boolean } = {}) =>
  apiRequest({
    method: 'GET',
    path: `/shop/item/${encodeURIComponent(itemId)}`,
    auth: hasSession(),
    response: shopItemView,
    loading: quiet ? undefined : 1,
  });

import { cartResponse } from '@app/shared/schemas/shop';
import { apiRequest } from '../../../lib/api.ts';

/** GET /mypage/cart: the lines with their items and refusals, the total, the balances. */
export const getCart = ({ quiet = false }: { quiet?: boolean } = {}) =>
  apiRequest({
    method: 'GET',
    path: '/mypage/cart',
    auth: true,
    response: cartResponse,
    loading: quiet ? undefined : 1,
  });

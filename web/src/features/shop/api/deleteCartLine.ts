import { cartResponse } from '@app/shared/schemas/shop';
import { apiRequest } from '../../../lib/api.ts';

/** POST /mypage/cart/delete {item_id}: removes the line. */
export const deleteCartLine = (body: { item_id: string }) =>
  apiRequest({
    method: 'POST',
    path: '/mypage/cart/delete',
    body,
    auth: true,
    response: cartResponse,
    loading: 2,
  });

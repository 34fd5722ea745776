import { cartResponse } from '@app/shared/schemas/shop';
import { apiRequest } from '../../../lib/api.ts';

/** POST /mypage/cart {item_id, quantity}: sets the line's quantity (adds the line when missing). */
export const setCartLine = (body: { item_id: string; quantity: number }) =>
  apiRequest({ method: 'POST', path: '/mypage/cart', body, auth: true, response: cartResponse, loading: 2 });

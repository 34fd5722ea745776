import { purchaseResponse } from '@app/shared/schemas/shop';
import { apiRequest } from '../../../lib/api.ts';

/** POST /mypage/cart/checkout: every line in one purchase, all or nothing. */
export const checkoutCart = (body: {
  use_original_points: boolean;
  agree_terms: true;
  key: string;
  expected_points: number;
}) =>
  apiRequest({
    method: 'POST',
    path: '/mypage/cart/checkout',
    body,
    auth: true,
    response: purchaseResponse,
    loading: 2,
  });

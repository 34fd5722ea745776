import { type PurchaseRequest, purchaseResponse } from '@app/shared/schemas/shop';
import { apiRequest } from '../../../lib/api.ts';

/**
 * POST /shop/purchase/point: buys the item with points. `key` is the idempotency key of one
 * confirmed purchase (a retry sends the same one); `expected_points` the total the buyer saw.
 */
export const purchaseWithPoints = (body: PurchaseRequest) =>
  apiRequest({
    method: 'POST',
    path: '/shop/purchase/point',
    body,
    auth: true,
    response: purchaseResponse,
    loading: 2,
  });

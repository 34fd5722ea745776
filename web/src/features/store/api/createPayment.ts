import { type CreatePaymentRequest, createPaymentResponse } from '@app/shared/schemas/store';
import { apiRequest } from '../../../lib/api.ts';

/**
 * POST /square/create-payment: charges the selected card and credits the mushrooms. `uuid` is the
 * idempotency key of one confirmed purchase; a retry sends the same one.
 */
export const createPayment = (body: CreatePaymentRequest) =>
  apiRequest({
    method: 'POST',
    path: '/square/create-payment',
    body,
    auth: true,
    response: createPaymentResponse,
    loading: 2,
  });

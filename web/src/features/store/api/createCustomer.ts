import { createCustomerResponse } from '@app/shared/schemas/store';
import { apiRequest } from '../../../lib/api.ts';

/** POST /square/create-customer: the fan's Square customer (idempotent), needed before the first card. */
export const createCustomer = () =>
  apiRequest({
    method: 'POST',
    path: '/square/create-customer',
    body: {},
    auth: true,
    response: createCustomerResponse,
  });

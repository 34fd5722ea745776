import { type refundRequest, refundResponse } from '@app/shared/schemas/admin-content';
import type * as z from 'zod/mini';
import { apiRequest } from '../../../lib/api.ts';

/** POST /admin/points/refund: reverses a spend (once, within the refund window). */
export const refundSpend = (body: z.output<typeof refundRequest>) =>
  apiRequest({
    method: 'POST',
    path: '/admin/points/refund',
    body,
    auth: true,
    response: refundResponse,
    loading: 2,
  });

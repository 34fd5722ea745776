import { type AdminBatchCreateRequest, adminBatchResponse } from '@app/shared/schemas/admin-withdrawals';
import { apiRequest } from '../../../lib/api.ts';

/** POST /admin/withdrawals/batches {date}: the Zengin transfer file of the date's approved requests. */
export const createBatch = (body: AdminBatchCreateRequest) =>
  apiRequest({
    method: 'POST',
    path: '/admin/withdrawals/batches',
    body,
    auth: true,
    response: adminBatchResponse,
    loading: 2,
  });

import { type AdminBatchTransferredRequest, adminBatchResponse } from '@app/shared/schemas/admin-withdrawals';
import { apiRequest } from '../../../lib/api.ts';

/** POST /admin/withdrawals/batches/transferred: the bank executed the file; its lines become transferred. */
export const markBatchTransferred = (body: AdminBatchTransferredRequest) =>
  apiRequest({
    method: 'POST',
    path: '/admin/withdrawals/batches/transferred',
    body,
    auth: true,
    response: adminBatchResponse,
    loading: 2,
  });

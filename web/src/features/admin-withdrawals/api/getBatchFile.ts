import { adminBatchFileResponse } from '@app/shared/schemas/admin-withdrawals';
import { apiRequest } from '../../../lib/api.ts';

/** GET /admin/withdrawals/batch-file?batch_id: the file's bytes (base64) as generated, with its name. */
export const getBatchFile = (batchId: string) =>
  apiRequest({
    method: 'GET',
    path: '/admin/withdrawals/batch-file',
    query: { batch_id: batchId },
    auth: true,
    response: adminBatchFileResponse,
    loading: 2,
  });

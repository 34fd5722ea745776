import {
  type AdminWithdrawalFailRequest,
  adminWithdrawalResponse,
} from '@app/shared/schemas/admin-withdrawals';
import { apiRequest } from '../../../lib/api.ts';

/** POST /admin/withdrawals/transfer-failed: one line of a transfer file the bank could not pay. */
export const failTransfer = (body: AdminWithdrawalFailRequest) =>
  apiRequest({
    method: 'POST',
    path: '/admin/withdrawals/transfer-failed',
    body,
    auth: true,
    response: adminWithdrawalResponse,
    loading: 2,
  });

import {
  type AdminWithdrawalApproveRequest,
  adminWithdrawalResponse,
} from '@app/shared/schemas/admin-withdrawals';
import { apiRequest } from '../../../lib/api.ts';

/** POST /admin/withdrawals/approve: approves a request in full. */
export const approveWithdrawal = (body: AdminWithdrawalApproveRequest) =>
  apiRequest({
    method: 'POST',
    path: '/admin/withdrawals/approve',
    body,
    auth: true,
    response: adminWithdrawalResponse,
    loading: 2,
  });

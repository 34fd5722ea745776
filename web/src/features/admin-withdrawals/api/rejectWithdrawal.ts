import {
  type AdminWithdrawalRejectRequest,
  adminWithdrawalResponse,
} from '@app/shared/schemas/admin-withdrawals';
import { apiRequest } from '../../../lib/api.ts';

/** POST /admin/withdrawals/reject: sends a request back (reason and fields at fault). */
export const rejectWithdrawal = (body: AdminWithdrawalRejectRequest) =>
  apiRequest({
    method: 'POST',
    path: '/admin/withdrawals/reject',
    body,
    auth: true,
    response: adminWithdrawalResponse,
    loading: 2,
  });

import {
  type AdminWithdrawalPartialRequest,
  adminWithdrawalResponse,
} from '@app/shared/schemas/admin-withdrawals';
import { apiRequest } from '../../../lib/api.ts';

/** POST /admin/withdrawals/partial: approves a request in part (finalized amount and note). */
export const partiallyApproveWithdrawal = (body: AdminWithdrawalPartialRequest) =>
  apiRequest({
    method: 'POST',
    path: '/admin/withdrawals/partial',
    body,
    auth: true,
    response: adminWithdrawalResponse,
    loading: 2,
  });

import {
  type AdminWithdrawalReviewRequest,
  adminWithdrawalReviewResponse,
} from '@app/shared/schemas/admin-withdrawals';
import { apiRequest } from '../../../lib/api.ts';

/** POST /admin/withdrawals/review: opens one or many requests (unconfirmed or reapplying → checking). */
export const reviewWithdrawals = (body: AdminWithdrawalReviewRequest) =>
  apiRequest({
    method: 'POST',
    path: '/admin/withdrawals/review',
    body,
    auth: true,
    response: adminWithdrawalReviewResponse,
    loading: 2,
  });

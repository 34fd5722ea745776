import { adminWithdrawalsQuery } from '@app/shared/schemas/admin-withdrawals';
import { getDb } from '../../db/service.ts';
import { httpHandler } from '../../lib/http.ts';
import { listWithdrawals } from '../../services/admin/withdrawals.ts';

export const handler = httpHandler(
  'GET /admin/withdrawals',
  { query: adminWithdrawalsQuery },
  async ({ query, clock }) => listWithdrawals({ db: getDb(), clock }, query),
);

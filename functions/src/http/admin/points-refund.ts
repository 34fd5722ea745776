import { refundRequest } from '@app/shared/schemas/admin-content';
import { getDb } from '../../db/service.ts';
import { signedIn } from '../../lib/caller.ts';
import { httpHandler } from '../../lib/http.ts';
import { refundSpend } from '../../services/admin/points.ts';

export const handler = httpHandler(
  'POST /admin/points/refund',
  { body: refundRequest },
  async ({ caller, body, clock }) => refundSpend({ db: getDb(), clock }, signedIn(caller).profile, body),
);

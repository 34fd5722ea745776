import { newsWithdrawRequest } from '@app/shared/schemas/admin-content';
import { getDb } from '../../db/service.ts';
import { signedIn } from '../../lib/caller.ts';
import { httpHandler } from '../../lib/http.ts';
import { withdrawNews } from '../../services/admin/news.ts';

export const handler = httpHandler(
  'POST /admin/news/withdraw',
  { body: newsWithdrawRequest },
  async ({ caller, body, clock }) => withdrawNews({ db: getDb(), clock }, signedIn(caller).profile, body),
);

import { newsCreateRequest } from '@app/shared/schemas/admin-content';
import { getDb } from '../../db/service.ts';
import { signedIn } from '../../lib/caller.ts';
import { httpHandler } from '../../lib/http.ts';
import { createNews } from '../../services/admin/news.ts';

export const handler = httpHandler(
  'POST /admin/news',
  { body: newsCreateRequest },
  async ({ caller, body, clock }) => createNews({ db: getDb(), clock }, signedIn(caller).profile, body),
);

import { newsUpdateRequest } from '@app/shared/schemas/admin-content';
import { getDb } from '../../db/service.ts';
import { signedIn } from '../../lib/caller.ts';
import { httpHandler } from '../../lib/http.ts';
import { updateNews } from '../../services/admin/news.ts';

export const handler = httpHandler(
  'POST /admin/news/update',
  { body: newsUpdateRequest },
  async ({ caller, body, clock }) => updateNews({ db: getDb(), clock }, signedIn(caller).profile, body),
);

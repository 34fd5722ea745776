import { noticeListQuery } from '@app/shared/schemas/notice';
import { getDb } from '../../db/service.ts';
import { signedIn } from '../../lib/caller.ts';
import { httpHandler } from '../../lib/http.ts';
import { listNotices } from '../../services/notices.ts';

export const handler = httpHandler(
  'GET /notice',
  { query: noticeListQuery },
  async ({ caller, query, clock }) =>
    listNotices({ db: getDb(), clock }, signedIn(caller).profileId, query.cursor),
);

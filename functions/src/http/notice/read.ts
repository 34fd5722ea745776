import { noticeReadRequest } from '@app/shared/schemas/notice';
import { getDb } from '../../db/service.ts';
import { signedIn } from '../../lib/caller.ts';
import { httpHandler } from '../../lib/http.ts';
import { readNotices } from '../../services/notices.ts';

export const handler = httpHandler(
  'POST /notice/read',
  { body: noticeReadRequest },
  async ({ caller, body, clock }) => readNotices({ db: getDb(), clock }, signedIn(caller).profileId, body.id),
);

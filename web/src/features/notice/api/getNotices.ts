import { noticeListResponse } from '@app/shared/schemas/notice';
import { apiRequest } from '../../../lib/api.ts';

/** GET /notice?cursor=: my notices, newest first, with the unread count. */
export const getNotices = (cursor?: string) =>
  apiRequest({
    method: 'GET',
    path: '/notice',
    query: { cursor },
    auth: true,
    response: noticeListResponse,
  });

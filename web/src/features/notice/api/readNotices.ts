import { noticeReadResponse } from '@app/shared/schemas/notice';
import { apiRequest } from '../../../lib/api.ts';

/** POST /notice/read {id?}: one notice read, or (without an id) every notice up to now; the new unread count. */
export const readNotices = (id?: string) =>
  apiRequest({
    method: 'POST',
    path: '/notice/read',
    body: id ? { id } : {},
    auth: true,
    response: noticeReadResponse,
  });

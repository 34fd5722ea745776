import { chatroomListResponse } from '@app/shared/schemas/chat';
import { apiRequest } from '../../../lib/api.ts';

/** GET /chatroom/list?cursor=: my open chatrooms, last message first, with the unread total. */
export const getChatrooms = (cursor?: string) =>
  apiRequest({
    method: 'GET',
    path: '/chatroom/list',
    query: { cursor },
    auth: true,
    response: chatroomListResponse,
  });

import { chatroomDetail } from '@app/shared/schemas/chat';
import { apiRequest } from '../../../lib/api.ts';

/** GET /chatroom/{id}: `id` is the chatroom id or the peer's username; the room, today's price, my usable points. */
export const getChatroom = (idOrUsername: string) =>
  apiRequest({
    method: 'GET',
    path: `/chatroom/${encodeURIComponent(idOrUsername)}`,
    auth: true,
    response: chatroomDetail,
  });

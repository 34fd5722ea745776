import { type CreateChatroomRequest, chatroomDetail } from '@app/shared/schemas/chat';
import { apiRequest } from '../../../lib/api.ts';

/** POST /chatroom/create {profile_id, username}: the room with that member, made on the first call. */
export const createChatroom = (body: CreateChatroomRequest) =>
  apiRequest({ method: 'POST', path: '/chatroom/create', body, auth: true, response: chatroomDetail });

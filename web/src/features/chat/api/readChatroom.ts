import { readChatroomResponse } from '@app/shared/schemas/chat';
import { apiRequest } from '../../../lib/api.ts';

/** POST /chatroom/read {profile_id, chatroom_id}: my unread in the room back to zero; the new total. */
export const readChatroom = (chatroomId: string, profileId: string | null) =>
  apiRequest({
    method: 'POST',
    path: '/chatroom/read',
    body: { chatroom_id: chatroomId, ...(profileId ? { profile_id: profileId } : {}) },
    auth: true,
    response: readChatroomResponse,
  });

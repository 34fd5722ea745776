import { blockResponse } from '@app/shared/schemas/chat';
import { apiRequest } from '../../../lib/api.ts';

/** POST /block {chatroom_id, blocked}: blocks (or unblocks) the room's peer; neither can send while blocked. */
export const setBlocked = (chatroomId: string, blocked: boolean) =>
  apiRequest({
    method: 'POST',
    path: '/block',
    body: { chatroom_id: chatroomId, blocked },
    auth: true,
    response: blockResponse,
  });

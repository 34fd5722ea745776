import { blockResponse } from '@app/shared/schemas/chat';
import { apiRequest } from '../../../lib/api.ts';

/**
 * POST /block {chatroom_id | profile_id, blocked}: blocks (or unblocks) the room's peer, or a
 * profile (a room not created yet); neither can send while blocked.
 */
export const setBlocked = (whom: { chatroom_id: string } | { profile_id: string }, blocked: boolean) =>
  apiRequest({
    method: 'POST',
    path: '/block',
    body: { ...whom, blocked },
    auth: true,
    response: blockResponse,
  });

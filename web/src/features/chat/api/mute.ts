import { muteResponse } from '@app/shared/schemas/chat';
import { apiRequest } from '../../../lib/api.ts';

/** POST /mute {chatroom_id, muted}: the room's notices off (or on again) for me. */
export const setMuted = (chatroomId: string, muted: boolean) =>
  apiRequest({
    method: 'POST',
    path: '/mute',
    body: { chatroom_id: chatroomId, muted },
    auth: true,
    response: muteResponse,
  });

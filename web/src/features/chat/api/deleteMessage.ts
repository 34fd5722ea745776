import { deleteMessageResponse } from '@app/shared/schemas/chat';
import { apiRequest } from '../../../lib/api.ts';

/** POST /chat/delete {id}: the sender deletes their message (`id` = `<chatroomId>.<messageId>`). */
export const deleteMessage = (chatroomId: string, messageId: string) =>
  apiRequest({
    method: 'POST',
    path: '/chat/delete',
    body: { id: `${chatroomId}.${messageId}` },
    auth: true,
    response: deleteMessageResponse,
  });

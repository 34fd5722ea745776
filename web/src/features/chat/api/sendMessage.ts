import { type SendMessageRequest, sendMessageResponse } from '@app/shared/schemas/chat';
import { apiRequest } from '../../../lib/api.ts';

/**
 * POST /chat {chatroom_id, uuid, text | file | stamp_id}: sends (and for fans pays for) one
 * message. `uuid` is the message's idempotency key: a retry with the same one is stored and
 * charged once and answered with the first message (`replayed`).
 */
export const sendMessage = (body: SendMessageRequest) =>
  apiRequest({ method: 'POST', path: '/chat', body, auth: true, response: sendMessageResponse });

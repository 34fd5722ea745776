import { chatHistoryResponse } from '@app/shared/schemas/chat';
import { apiRequest } from '../../../lib/api.ts';

/**
 * GET /chat/{a}/{b}?direction=: a page of a room's messages. `cursor` 'latest' gives the newest
 * page (newest first); a message id gives the messages before it, or after it with 'newer'.
 */
export const getChatHistory = (
  chatroomId: string,
  cursor: string = 'latest',
  direction: 'older' | 'newer' = 'older',
) =>
  apiRequest({
    method: 'GET',
    path: `/chat/${encodeURIComponent(chatroomId)}/${encodeURIComponent(cursor)}`,
    query: { direction },
    auth: true,
    response: chatHistoryResponse,
  });

import { chatHistoryQuery } from '@app/shared/schemas/chat';
import { signedIn } from '../../lib/caller.ts';
import { chatDeps } from '../../lib/chat-deps.ts';
import { httpHandler } from '../../lib/http.ts';
import { chatHistory } from '../../services/chat/messages.ts';

/** `{a}` = chatroom id, `{b}` = `latest` or a message id (the page cursor). */
export const handler = httpHandler(
  'GET /chat/{a}/{b}',
  { query: chatHistoryQuery },
  async ({ caller, params, query, clock }) =>
    chatHistory(chatDeps(clock), signedIn(caller).profileId, params.a ?? '', params.b ?? '', query.direction),
);

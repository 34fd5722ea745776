import { chatroomListQuery } from '@app/shared/schemas/chat';
import { signedIn } from '../../lib/caller.ts';
import { chatDeps } from '../../lib/chat-deps.ts';
import { httpHandler } from '../../lib/http.ts';
import { listChatrooms } from '../../services/chat/rooms.ts';

export const handler = httpHandler(
  'GET /chatroom/list',
  { query: chatroomListQuery },
  async ({ caller, query, clock }) =>
    listChatrooms(chatDeps(clock), signedIn(caller).profileId, query.cursor),
);

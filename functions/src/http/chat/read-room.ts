import { readChatroomRequest } from '@app/shared/schemas/chat';
import { signedIn } from '../../lib/caller.ts';
import { chatDeps } from '../../lib/chat-deps.ts';
import { httpHandler } from '../../lib/http.ts';
import { readChatroom } from '../../services/chat/rooms.ts';

export const handler = httpHandler(
  'POST /chatroom/read',
  { body: readChatroomRequest },
  async ({ caller, body, clock }) =>
    readChatroom(chatDeps(clock), signedIn(caller).profileId, body.chatroom_id),
);

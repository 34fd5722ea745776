import { createChatroomRequest } from '@app/shared/schemas/chat';
import { signedIn } from '../../lib/caller.ts';
import { chatDeps } from '../../lib/chat-deps.ts';
import { httpHandler } from '../../lib/http.ts';
import { createChatroom } from '../../services/chat/rooms.ts';

export const handler = httpHandler(
  'POST /chatroom/create',
  { body: createChatroomRequest },
  async ({ caller, body, clock }) => createChatroom(chatDeps(clock), signedIn(caller).profile, body),
);

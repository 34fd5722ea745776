import { sendMessageRequest } from '@app/shared/schemas/chat';
import { signedIn } from '../../lib/caller.ts';
import { chatDeps } from '../../lib/chat-deps.ts';
import { httpHandler } from '../../lib/http.ts';
import { sendMessage } from '../../services/chat/messages.ts';

export const handler = httpHandler(
  'POST /chat',
  { body: sendMessageRequest },
  async ({ caller, body, clock }) => sendMessage(chatDeps(clock), signedIn(caller).profile, body),
);

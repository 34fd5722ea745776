import { deleteMessageRequest } from '@app/shared/schemas/chat';
import { signedIn } from '../../lib/caller.ts';
import { chatDeps } from '../../lib/chat-deps.ts';
import { httpHandler } from '../../lib/http.ts';
import { deleteMessage } from '../../services/chat/messages.ts';

export const handler = httpHandler(
  'POST /chat/delete',
  { body: deleteMessageRequest },
  async ({ caller, body, clock }) => deleteMessage(chatDeps(clock), signedIn(caller).profileId, body.id),
);

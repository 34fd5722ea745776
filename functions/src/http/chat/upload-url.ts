import { uploadUrlRequest } from '@app/shared/schemas/chat';
import { signedIn } from '../../lib/caller.ts';
import { chatDeps } from '../../lib/chat-deps.ts';
import { httpHandler } from '../../lib/http.ts';
import { uploadUrl } from '../../services/chat/files.ts';

export const handler = httpHandler(
  'POST /chat/upload-url',
  { body: uploadUrlRequest },
  async ({ caller, body, clock }) =>
    uploadUrl(chatDeps(clock), signedIn(caller).profile, body.chatroom_id, body.content_type),
);

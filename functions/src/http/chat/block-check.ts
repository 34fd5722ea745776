import { blockCheckRequest } from '@app/shared/schemas/chat';
import { signedIn } from '../../lib/caller.ts';
import { chatDeps } from '../../lib/chat-deps.ts';
import { httpHandler } from '../../lib/http.ts';
import { blockCheck } from '../../services/chat/safety.ts';

export const handler = httpHandler(
  'POST /block/check',
  { body: blockCheckRequest },
  async ({ caller, body, clock }) => blockCheck(chatDeps(clock), signedIn(caller).profileId, body.profile_id),
);

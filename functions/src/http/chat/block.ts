import { blockRequest } from '@app/shared/schemas/chat';
import { signedIn } from '../../lib/caller.ts';
import { chatDeps } from '../../lib/chat-deps.ts';
import { httpHandler } from '../../lib/http.ts';
import { toggleBlock } from '../../services/chat/safety.ts';

export const handler = httpHandler('POST /block', { body: blockRequest }, async ({ caller, body, clock }) =>
  toggleBlock(chatDeps(clock), signedIn(caller).profile, body),
);

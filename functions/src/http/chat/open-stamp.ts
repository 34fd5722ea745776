import { signedIn } from '../../lib/caller.ts';
import { chatDeps } from '../../lib/chat-deps.ts';
import { httpHandler } from '../../lib/http.ts';
import { openStamps } from '../../services/chat/stamps.ts';

export const handler = httpHandler('POST /chatroom/open-stamp', {}, async ({ caller, lang, clock }) =>
  openStamps(chatDeps(clock), signedIn(caller).profileId, lang),
);

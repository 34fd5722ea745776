import { signedIn } from '../../lib/caller.ts';
import { chatDeps } from '../../lib/chat-deps.ts';
import { httpHandler } from '../../lib/http.ts';
import { getChatroom } from '../../services/chat/rooms.ts';

/** `{id}` is a chatroom id or the peer's username. */
export const handler = httpHandler('GET /chatroom/{id}', {}, async ({ caller, params, clock }) =>
  getChatroom(chatDeps(clock), signedIn(caller).profile, params.id ?? ''),
);

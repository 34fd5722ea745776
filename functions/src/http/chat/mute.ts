import { muteRequest } from '@app/shared/schemas/chat';
import { signedIn } from '../../lib/caller.ts';
import { chatDeps } from '../../lib/chat-deps.ts';
import { httpHandler } from '../../lib/http.ts';
import { muteRoom } from '../../services/chat/safety.ts';

export const handler = httpHandler('POST /mute', { body: muteRequest }, async ({ caller, body, clock }) =>
  muteRoom(chatDeps(clock), signedIn(caller).profileId, body.chatroom_id, body.muted),
);

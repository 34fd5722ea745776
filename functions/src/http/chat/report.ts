import { reportRequest } from '@app/shared/schemas/chat';
import { signedIn } from '../../lib/caller.ts';
import { chatDeps } from '../../lib/chat-deps.ts';
import { httpHandler } from '../../lib/http.ts';
import { report } from '../../services/chat/safety.ts';

export const handler = httpHandler('POST /report', { body: reportRequest }, async ({ caller, body, clock }) =>
  report(chatDeps(clock), signedIn(caller).profileId, body),
);

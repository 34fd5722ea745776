import { broadcastUploadUrlRequest } from '@app/shared/schemas/broadcasts';
import { broadcastFormDeps } from '../../lib/broadcast-authoring-deps.ts';
import { signedIn } from '../../lib/caller.ts';
import { httpHandler } from '../../lib/http.ts';
import { broadcastUploadUrl } from '../../services/broadcasts/chats.ts';

export const handler = httpHandler(
  'POST /broadcasting/upload-url',
  { body: broadcastUploadUrlRequest },
  async ({ caller, body, clock }) =>
    broadcastUploadUrl(broadcastFormDeps(clock), signedIn(caller).profile, body.content_type),
);

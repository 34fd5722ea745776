import { authDeps } from '../../lib/auth-deps.ts';
import { httpHandler } from '../../lib/http.ts';
import { s3MediaStore } from '../../lib/media-store.ts';
import { deleteProfileData } from '../../services/leave.ts';
import { deleteProfilePictures } from '../../services/media/cleanup.ts';

export const handler = httpHandler('POST /auth/leave', {}, async ({ caller }) => {
  if (caller) {
    await deleteProfileData(await authDeps(), caller.profile);
    // The public pictures go with the account (after its data: a failure leaves files only).
    await deleteProfilePictures({ media: s3MediaStore() }, caller.profile);
  }
  return { ok: true };
});

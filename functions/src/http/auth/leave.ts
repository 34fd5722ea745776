import { authDeps } from '../../lib/auth-deps.ts';
import { httpHandler } from '../../lib/http.ts';
import { s3MediaStore } from '../../lib/media-store.ts';
import { deleteProfileData } from '../../services/leave.ts';
import { deletePicture, deleteProfilePictures } from '../../services/media/cleanup.ts';

export const handler = httpHandler('POST /auth/leave', {}, async ({ caller }) => {
  if (caller) {
    const deps = await authDeps();
    // An owner's organization logo goes too (issue 16).
    const { data: org } = await deps.db.entities.organization
      .get({ organizationId: caller.profileId })
      .go({ consistent: true });
    await deleteProfileData(deps, caller.profile);
    // The public pictures go with the account (after its data: a failure leaves files only).
    const media = { media: s3MediaStore() };
    await Promise.all([deleteProfilePictures(media, caller.profile), deletePicture(media, org?.logo)]);
  }
  return { ok: true };
});

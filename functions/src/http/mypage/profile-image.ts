import { profileImageRequest } from '@app/shared/schemas/mypage';
import { signedIn } from '../../lib/caller.ts';
import { appDeps } from '../../lib/deps.ts';
import { env } from '../../lib/env.ts';
import { httpHandler } from '../../lib/http.ts';
import { s3MediaStore } from '../../lib/media-store.ts';
import { setProfileImage } from '../../services/profile-images.ts';

export const handler = httpHandler(
  'POST /mypage/profile/image',
  { body: profileImageRequest },
  async ({ caller, body }) =>
    setProfileImage(
      { ...(await appDeps()), media: s3MediaStore(), scan: env().MEDIA_SCAN },
      signedIn(caller).profile,
      body.kind,
      body.upload_key,
    ),
);

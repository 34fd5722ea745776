import { profileUploadUrlRequest } from '@app/shared/schemas/mypage';
import { signedIn } from '../../lib/caller.ts';
import { env } from '../../lib/env.ts';
import { httpHandler } from '../../lib/http.ts';
import { s3MediaStore } from '../../lib/media-store.ts';
import { profileUploadUrl } from '../../services/profile-images.ts';

export const handler = httpHandler(
  'POST /mypage/profile/upload-url',
  { body: profileUploadUrlRequest },
  async ({ caller, body }) =>
    profileUploadUrl(
      { media: s3MediaStore(), scan: env().MEDIA_SCAN },
      signedIn(caller).profileId,
      body.kind,
      body.content_type,
    ),
);

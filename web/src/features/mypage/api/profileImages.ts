import { uploadUrlResponse } from '@app/shared/schemas/chat';
import {
  mypageResponse,
  type ProfileImageRequest,
  type ProfileUploadUrlRequest,
} from '@app/shared/schemas/mypage';
import { apiRequest } from '../../../lib/api.ts';

/** POST /mypage/profile/upload-url {kind, content_type}: the presigned POST form for a new picture. */
export const getProfileUploadUrl = (body: ProfileUploadUrlRequest) =>
  apiRequest({
    method: 'POST',
    path: '/mypage/profile/upload-url',
    body,
    auth: true,
    response: uploadUrlResponse,
  });

/** POST /mypage/profile/image {kind, upload_key}: the uploaded picture becomes the profile's (null removes it). */
export const setProfileImage = (body: ProfileImageRequest) =>
  apiRequest({ method: 'POST', path: '/mypage/profile/image', body, auth: true, response: mypageResponse });

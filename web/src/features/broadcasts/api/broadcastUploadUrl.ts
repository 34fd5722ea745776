import { uploadUrlView } from '@app/shared/schemas/broadcasts';
import { apiRequest } from '../../../lib/api.ts';

/** POST /broadcasting/upload-url {content_type}: the presigned POST form for a chat's photo or video. */
export const broadcastUploadUrl = (contentType: string) =>
  apiRequest({
    method: 'POST',
    path: '/broadcasting/upload-url',
    body: { content_type: contentType },
    auth: true,
    response: uploadUrlView,
  });

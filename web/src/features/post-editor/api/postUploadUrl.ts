import { type PostUploadPurpose, uploadUrlView } from '@app/shared/schemas/fanclub';
import { apiRequest } from '../../../lib/api.ts';

/** POST /fanclub/post/upload-url: the presigned POST form for one file of the post form. */
export const postUploadUrl = (body: { purpose: PostUploadPurpose; content_type: string }) =>
  apiRequest({ method: 'POST', path: '/fanclub/post/upload-url', body, auth: true, response: uploadUrlView });

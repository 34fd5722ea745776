import { type ItemUploadPurpose, uploadUrlView } from '@app/shared/schemas/shop';
import { apiRequest } from '../../../lib/api.ts';

/** POST /item/upload-url: the presigned POST form for one file of the item form. */
export const itemUploadUrl = (body: {
  purpose: ItemUploadPurpose;
  content_type: string;
  file_name?: string;
}) => apiRequest({ method: 'POST', path: '/item/upload-url', body, auth: true, response: uploadUrlView });

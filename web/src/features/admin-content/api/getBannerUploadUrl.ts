import { type bannerUploadUrlRequest, uploadUrlView } from '@app/shared/schemas/admin-content';
import type * as z from 'zod/mini';
import { apiRequest } from '../../../lib/api.ts';

/** POST /admin/banner/upload-url {content_type}: the presigned POST form for a new banner picture. */
export const getBannerUploadUrl = (body: z.input<typeof bannerUploadUrlRequest>) =>
  apiRequest({ method: 'POST', path: '/admin/banner/upload-url', body, auth: true, response: uploadUrlView });

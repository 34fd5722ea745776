import { type logoUploadUrlRequest, uploadUrlView } from '@app/shared/schemas/organizations';
import type * as z from 'zod/mini';
import { apiRequest } from '../../../lib/api.ts';

/** POST /organizations/logo-url {content_type}: the presigned POST form for a new logo. */
export const getLogoUploadUrl = (body: z.input<typeof logoUploadUrlRequest>) =>
  apiRequest({
    method: 'POST',
    path: '/organizations/logo-url',
    body,
    auth: true,
    response: uploadUrlView,
  });

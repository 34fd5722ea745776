import { type leafGrantRequest, leafGrantResponse } from '@app/shared/schemas/admin-content';
import type * as z from 'zod/mini';
import { apiRequest } from '../../../lib/api.ts';

/** POST /admin/points/grant: leaves to each fan named; who got them, who was refused. */
export const grantLeaves = (body: z.output<typeof leafGrantRequest>) =>
  apiRequest({
    method: 'POST',
    path: '/admin/points/grant',
    body,
    auth: true,
    response: leafGrantResponse,
    loading: 2,
  });

import { adminMeResponse } from '@app/shared/schemas/admin';
import { apiRequest } from '../../../lib/api.ts';

/** GET /admin/me: the signed-in operator (the frame's header names it). */
export const getAdminMe = () =>
  apiRequest({ method: 'GET', path: '/admin/me', auth: true, response: adminMeResponse });

import { type AdminLoginRequest, adminEnrolResponse, adminLoginResponse } from '@app/shared/schemas/admin';
import { apiRequest } from '../../../lib/api.ts';

/** POST /admin/auth/login: tokens, or the authenticator's enrolment at the first login. */
export const adminLogin = (body: AdminLoginRequest) =>
  apiRequest({
    method: 'POST',
    path: '/admin/auth/login',
    body,
    auth: false,
    response: adminLoginResponse,
    loading: 2,
  });

/** POST /admin/auth/enrol: the first code confirms the authenticator; answers the recovery codes. */
export const adminEnrol = (body: { enrolment_token: string; code: string }) =>
  apiRequest({
    method: 'POST',
    path: '/admin/auth/enrol',
    body,
    auth: false,
    response: adminEnrolResponse,
    loading: 2,
  });

import {
  type AdminOrganizationRejectRequest,
  adminOrganizationResponse,
} from '@app/shared/schemas/admin-review';
import { apiRequest } from '../../../lib/api.ts';

/** POST /admin/organizations/reject: rejects the application with a reason (mailed to the owner). */
export const rejectOrganization = (body: AdminOrganizationRejectRequest) =>
  apiRequest({
    method: 'POST',
    path: '/admin/organizations/reject',
    body,
    auth: true,
    response: adminOrganizationResponse,
    loading: 2,
  });

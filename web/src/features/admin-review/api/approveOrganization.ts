import {
  type AdminOrganizationApproveRequest,
  adminOrganizationResponse,
} from '@app/shared/schemas/admin-review';
import { apiRequest } from '../../../lib/api.ts';

/** POST /admin/organizations/approve: approves the application as read (its version); the owner is mailed. */
export const approveOrganization = (body: AdminOrganizationApproveRequest) =>
  apiRequest({
    method: 'POST',
    path: '/admin/organizations/approve',
    body,
    auth: true,
    response: adminOrganizationResponse,
    loading: 2,
  });

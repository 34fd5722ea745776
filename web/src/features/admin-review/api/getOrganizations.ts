import type { OrganizationStatus } from '@app/shared/organizations';
import { adminOrganizationPage } from '@app/shared/schemas/admin-review';
import { apiRequest } from '../../../lib/api.ts';

/** GET /admin/organizations?status=: the review queue (oldest first) or the decided ones. */
export const getOrganizations = (status: OrganizationStatus, cursor?: string) =>
  apiRequest({
    method: 'GET',
    path: '/admin/organizations',
    query: { status, cursor },
    auth: true,
    response: adminOrganizationPage,
  });

import { type OrganizationRequest, organizationResponse } from '@app/shared/schemas/organizations';
import { apiRequest } from '../../../lib/api.ts';

/** POST /organizations: applies, edits the application, or applies again after a rejection. */
export const saveOrganization = (body: OrganizationRequest) =>
  apiRequest({
    method: 'POST',
    path: '/organizations',
    body,
    auth: true,
    response: organizationResponse,
    loading: 2,
  });

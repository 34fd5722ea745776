import { organizationResponse } from '@app/shared/schemas/organizations';
import { apiRequest } from '../../../lib/api.ts';

/** GET /organizations: the owner's organization (null before the first application). */
export const getOrganization = () =>
  apiRequest({ method: 'GET', path: '/organizations', auth: true, response: organizationResponse });

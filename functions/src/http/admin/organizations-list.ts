import { adminOrganizationsQuery } from '@app/shared/schemas/admin-review';
import { getDb } from '../../db/service.ts';
import { httpHandler } from '../../lib/http.ts';
import { listOrganizations } from '../../services/admin/organizations.ts';

export const handler = httpHandler(
  'GET /admin/organizations',
  { query: adminOrganizationsQuery },
  async ({ query }) => listOrganizations({ db: getDb() }, query.status, query.cursor),
);

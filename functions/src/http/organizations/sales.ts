import { yearMonthOf } from '@app/shared/schemas/business';
import { organizationSalesQuery } from '@app/shared/schemas/organizations';
import { getDb } from '../../db/service.ts';
import { signedIn } from '../../lib/caller.ts';
import { httpHandler } from '../../lib/http.ts';
import { organizationSales } from '../../services/organizations/sales.ts';

export const handler = httpHandler(
  'GET /organizations/sales',
  { query: organizationSalesQuery },
  async ({ caller, query, clock }) =>
    organizationSales({ db: getDb(), clock }, signedIn(caller).profile, yearMonthOf(query)),
);

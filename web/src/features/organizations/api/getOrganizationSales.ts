import { organizationSalesResponse } from '@app/shared/schemas/organizations';
import { apiRequest } from '../../../lib/api.ts';
import type { Month } from '../../incomes/api/incomes.ts';

/** GET /organizations/sales?year=&month=: a JST month's sales, in total and per cast (none: this month). */
export const getOrganizationSales = (m: Month | null) =>
  apiRequest({
    method: 'GET',
    path: '/organizations/sales',
    query: m ? { year: String(m.year), month: String(m.month) } : {},
    auth: true,
    response: organizationSalesResponse,
  });

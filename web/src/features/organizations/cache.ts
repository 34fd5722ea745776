/** The owner's organization and its sales in the query cache. */
import { useQuery } from '@tanstack/react-query';
import { unwrap } from '../../lib/query.ts';
import type { Month } from '../incomes/api/incomes.ts';
import { ymOf } from '../incomes/format.ts';
import { getOrganization } from './api/getOrganization.ts';
import { getOrganizationSales } from './api/getOrganizationSales.ts';

export const organizationKeys = {
  all: ['organization'] as const,
  organization: ['organization', 'self'] as const,
  /** null: the current month as the API's clock has it. */
  sales: (m: Month | null) => ['organization', 'sales', m ? ymOf(m) : 'current'] as const,
};

export const useOrganization = (enabled: boolean) =>
  useQuery({
    queryKey: organizationKeys.organization,
    queryFn: async () => unwrap(await getOrganization()),
    enabled,
  });

export const useOrganizationSales = (m: Month | null, enabled: boolean) =>
  useQuery({
    queryKey: organizationKeys.sales(m),
    queryFn: async () => unwrap(await getOrganizationSales(m)),
    enabled,
  });

/** The owner's casts in the query cache; an action reads them (and the organization's count) again. */
import { useQuery } from '@tanstack/react-query';
import { queryClient, unwrap } from '../../lib/query.ts';
import { organizationKeys } from '../organizations/cache.ts';
import { getCasts } from './api/getCasts.ts';

export const castKeys = { all: ['casts'] as const };

export const useCasts = (enabled: boolean) =>
  useQuery({ queryKey: castKeys.all, queryFn: async () => unwrap(await getCasts()), enabled });

/** After a create, reset, suspend, resume or remove. */
export const invalidateCasts = () =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: castKeys.all }),
    queryClient.invalidateQueries({ queryKey: organizationKeys.all }),
  ]);

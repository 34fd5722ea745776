/** The creator's broadcasts in the query cache: the lists and the one being edited. */
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { pagedQuery, queryClient, unwrap } from '../../lib/query.ts';
import { getReserve } from './api/getReserve.ts';
import { getReserves } from './api/getReserves.ts';
import { getTrigger } from './api/getTrigger.ts';
import { getTriggers } from './api/getTriggers.ts';

export const broadcastKeys = {
  all: ['broadcasts'] as const,
  reserves: (profileId: string) => ['broadcasts', 'reserves', profileId] as const,
  reserve: (id: string) => ['broadcasts', 'reserve', id] as const,
  triggers: (profileId: string) => ['broadcasts', 'triggers', profileId] as const,
  trigger: (id: string) => ['broadcasts', 'trigger', id] as const,
};

export const useReserves = (profileId: string) =>
  useInfiniteQuery({
    ...pagedQuery({
      queryKey: broadcastKeys.reserves(profileId),
      page: (cursor) => getReserves(profileId, cursor),
    }),
    enabled: Boolean(profileId),
  });

/** The form's broadcast: read fresh each time (its previews are short-lived presigned URLs). */
export const useReserve = (id: string | undefined) =>
  useQuery({
    queryKey: broadcastKeys.reserve(id ?? ''),
    queryFn: async () => unwrap(await getReserve(id ?? '')),
    enabled: Boolean(id),
    staleTime: 0,
    gcTime: 0,
  });

export const useTriggers = (profileId: string) =>
  useQuery({
    queryKey: broadcastKeys.triggers(profileId),
    queryFn: async () => unwrap(await getTriggers(profileId)),
    enabled: Boolean(profileId),
  });

export const useTrigger = (id: string | undefined) =>
  useQuery({
    queryKey: broadcastKeys.trigger(id ?? ''),
    queryFn: async () => unwrap(await getTrigger(id ?? '')),
    enabled: Boolean(id),
    staleTime: 0,
    gcTime: 0,
  });

/** After any change: the lists are read again. */
export const invalidateBroadcasts = () => queryClient.invalidateQueries({ queryKey: broadcastKeys.all });

/** The creator's fan club in the query cache: the settings, the member list (infinite). */
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { pagedQuery, unwrap } from '../../lib/query.ts';
import { getFanclubSetting } from './api/getFanclubSetting.ts';
import { getMembers } from './api/getMembers.ts';

export const fanclubKeys = {
  all: ['fanclub'] as const,
  setting: ['fanclub', 'setting'] as const,
  members: (profileId: string) => ['fanclub', 'members', profileId] as const,
};

export const useFanclubSetting = () =>
  useQuery({ queryKey: fanclubKeys.setting, queryFn: async () => unwrap(await getFanclubSetting()) });

export const useMembers = (profileId: string, enabled: boolean) =>
  useInfiniteQuery({
    ...pagedQuery({
      queryKey: fanclubKeys.members(profileId),
      page: (cursor) => getMembers(profileId, cursor),
    }),
    enabled,
  });

import type { MypageResponse } from '@app/shared/schemas/mypage';
import { useQuery } from '@tanstack/react-query';
import { queryClient, queryErrorKey, unwrap } from '../../lib/query.ts';
import { setPasswordChangeRequired, setSetupProgress } from '../../lib/session.ts';
import { getMypage } from './api/getMypage.ts';

/** The signed-in account (GET /mypage) in the query cache. */
export const accountKey = ['mypage'] as const;

const accountQuery = {
  queryKey: accountKey,
  queryFn: async (): Promise<MypageResponse> => {
    const data = unwrap(await getMypage());
    // The sign-up progress and a pending password change also live in the auth state (guards read them).
    setSetupProgress(data.step, data.final_step);
    setPasswordChangeRequired(data.password_change_required);
    return data;
  },
  staleTime: Number.POSITIVE_INFINITY,
};

/** Reads the account again (after a change); null when the read failed. */
export function loadAccount(): Promise<MypageResponse | null> {
  return queryClient.fetchQuery({ ...accountQuery, staleTime: 0 }).catch(() => null);
}

/** Forgets the account (another session starts, or this one ended). */
export function resetAccount(): void {
  queryClient.removeQueries({ queryKey: accountKey });
}

/** The account of the signed-in user, read once per session (read again with `loadAccount`). */
export function useAccount(): { data: MypageResponse | null; error: string | null } {
  const query = useQuery(accountQuery);
  return { data: query.data ?? null, error: queryErrorKey(query.error)?.key ?? null };
}

import type { MypageResponse } from '@app/shared/schemas/mypage';
import { useEffect } from 'react';
import { errorMessageKey } from '../../lib/api.ts';
import { setSetupProgress } from '../../lib/session.ts';
import { createStore, useStore } from '../../lib/store.ts';
import { getMypage } from './api/getMypage.ts';

interface AccountState {
  data: MypageResponse | null;
  /** i18n key of the last load failure. */
  error: string | null;
  loading: boolean;
}

const accountStore = createStore<AccountState>({ data: null, error: null, loading: false });

let inFlight: Promise<MypageResponse | null> | null = null;

/** GET /mypage into the shared account state (and the sign-up progress into the auth state). */
export function loadAccount(): Promise<MypageResponse | null> {
  if (!inFlight) {
    accountStore.set((s) => ({ ...s, loading: true, error: null }));
    inFlight = getMypage()
      .then((result) => {
        if (result?.ok) {
          setSetupProgress(result.data.step, result.data.final_step);
          accountStore.set({ data: result.data, error: null, loading: false });
          return result.data;
        }
        accountStore.set((s) => ({ ...s, loading: false, error: result ? 'errors.validation' : null }));
        return null;
      })
      .catch((err: unknown) => {
        accountStore.set((s) => ({ ...s, loading: false, error: errorMessageKey(err) }));
        return null;
      })
      .finally(() => {
        inFlight = null;
      });
  }
  return inFlight;
}

export function resetAccount(): void {
  accountStore.set({ data: null, error: null, loading: false });
}

/** The account of the signed-in user, loaded once per session (reload with `loadAccount`). */
export function useAccount() {
  const state = useStore(accountStore);
  useEffect(() => {
    if (!accountStore.get().data && !accountStore.get().loading) void loadAccount();
  }, []);
  return state;
}

import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { bindQueryClient, LIVE, markLiveRead } from './query.ts';
import type { RealtimeClient, RealtimeListener } from './realtime.ts';

function fakeRealtime() {
  const listeners = new Set<RealtimeListener>();
  const rt = {
    subscribe: (l: RealtimeListener) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
  } as unknown as RealtimeClient;
  const emit = (since: number) => {
    for (const l of listeners) l({ type: 'synced', since });
  };
  return { rt, emit };
}

describe('the cache and the socket', () => {
  it('a sync re-reads only the live data read before it', async () => {
    const client = new QueryClient();
    const { rt, emit } = fakeRealtime();
    let profile: string | null = 'fan1';
    const profileListeners = new Set<() => void>();
    bindQueryClient(
      client,
      rt,
      () => profile,
      (l) => {
        profileListeners.add(l);
        return () => profileListeners.delete(l);
      },
    );
    for (const key of ['old', 'fresh', 'plain']) {
      client.getQueryCache().build(client, { queryKey: [key], ...(key === 'plain' ? {} : { meta: LIVE }) });
      client.setQueryData([key], 1);
    }
    markLiveRead(['old'], 100);
    markLiveRead(['fresh'], 300);
    emit(200);
    const stale = (k: string) => client.getQueryState([k])?.isInvalidated;
    expect(stale('old')).toBe(true);
    expect(stale('fresh')).toBe(false);
    expect(stale('plain')).toBe(false);
    // Another profile starts from an empty cache.
    profile = 'fan2';
    for (const l of profileListeners) l();
    expect(client.getQueryData(['fresh'])).toBeUndefined();
  });
});

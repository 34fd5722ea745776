/**
 * Server state: one TanStack Query cache for the tab. Screens read through query hooks (requests
 * deduplicated, shared by every component that shows the same fact), mutations invalidate or
 * write what they change, paged lists are infinite queries over the API's sealed cursors, and
 * realtime pushes are written into the cache by the features (`features/<area>/cache.ts`).
 *
 * Live queries (`meta.live`) are those the pushes keep current. They wait briefly for the socket's
 * first sync before reading, so a read never falls before the socket and no push can be missed
 * in between; when the socket (re)syncs, only live data read before it is read again.
 */

import type { ErrorBody } from '@app/shared/errors';
import {
  hashKey,
  type InfiniteData,
  type QueryClient,
  type QueryKey,
  type UseInfiniteQueryOptions,
} from '@tanstack/react-query';
import { type ApiResult, errorMessageKey, errorParams } from './api.ts';
import { REALTIME_TIMING, type RealtimeClient, realtime } from './realtime.ts';
import { authStore } from './session.ts';

/** A 422 answer of a query: its body (field issues) kept for the screen. */
export class ValidationFailed extends Error {
  constructor(readonly body: ErrorBody) {
    super('validation');
    this.name = 'ValidationFailed';
  }
}

/** The session ended during the call (api.ts already sent the user to login). */
export class SessionEnded extends Error {
  constructor() {
    super('session ended');
    this.name = 'SessionEnded';
  }
}

/** The data of an API answer; a 422 or a lost session become errors, as TanStack Query expects. */
export function unwrap<T>(result: ApiResult<T>): T {
  if (result === null) throw new SessionEnded();
  if (!result.ok) throw new ValidationFailed(result.body);
  return result.data;
}

/** The i18n key (and params) of a query's failure. */
export function queryErrorKey(
  err: unknown,
): { key: string; params?: Record<string, string | number> } | null {
  if (!err || err instanceof SessionEnded) return null;
  if (err instanceof ValidationFailed) return { key: err.body.issues?.[0]?.message ?? 'errors.validation' };
  const params = errorParams(err);
  return { key: errorMessageKey(err), ...(params ? { params } : {}) };
}

import { queryClient } from './query-client.ts';

export { createQueryClient, queryClient } from './query-client.ts';

/** Marks a query the realtime pushes keep current (see the module comment). */
export const LIVE = { live: true } as const;

/** When the current data of each live query began to be read (by query hash). */
const readStartedAt = new Map<string, number>();

/** A live query's read begins now (after `liveReady`): data read from here on misses no push. */
export function markLiveRead(queryKey: QueryKey, now: number = Date.now()): void {
  readStartedAt.set(hashKey(queryKey), now);
}

/**
 * Wires a cache to a realtime client: a (re)synced socket reads again the live queries whose last
 * read began before it was in sync, and a different profile (sign-out, another account) starts
 * from an empty cache.
 */
export function bindQueryClient(
  client: QueryClient,
  rt: RealtimeClient,
  profileOf: () => string | null,
  subscribeProfile: (listener: () => void) => () => void,
): () => void {
  const offRealtime = rt.subscribe((event) => {
    if (event.type !== 'synced') return;
    void client.invalidateQueries({
      predicate: (q) => q.meta?.live === true && (readStartedAt.get(q.queryHash) ?? 0) < event.since,
    });
  });
  let profile = profileOf();
  const offProfile = subscribeProfile(() => {
    const next = profileOf();
    if (next === profile) return;
    profile = next;
    client.clear();
    readStartedAt.clear();
  });
  return () => {
    offRealtime();
    offProfile();
  };
}

bindQueryClient(
  queryClient,
  realtime,
  () => authStore.get().profile?.id ?? null,
  (l) => authStore.subscribe(l),
);

/**
 * Resolves once a live read may start: at once without a wanted connection or once it is in
 * sync, else at its first sync (or after `firstSyncWaitMs`: the synced re-read covers the rest).
 */
export async function liveReady(rt: RealtimeClient = realtime): Promise<void> {
  // The connection is switched on by a parent's effect, which runs after the screen's own.
  await new Promise((r) => setTimeout(r, 0));
  if (!rt.active() || rt.syncedSince() !== null) return;
  // (active: on and with an endpoint; without one, e.g. the Vite dev server, nothing will sync.)
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      off();
      resolve();
    };
    const timer = setTimeout(done, REALTIME_TIMING.firstSyncWaitMs);
    const off = rt.subscribe((e) => {
      if (e.type === 'synced' || (e.type === 'status' && !rt.active())) done();
    });
  });
}

/** A page of a cursor-paged list: the API's sealed `next_cursor` is the next page's param. */
export interface Paged {
  next_cursor: string | null;
}

/**
 * The one pattern for the API's paged lists: an infinite query from the first page (no cursor)
 * on, each next page asked with the previous page's sealed cursor.
 */
export function pagedQuery<P extends Paged>(opts: {
  queryKey: QueryKey;
  page: (cursor: string | undefined) => Promise<ApiResult<P>>;
  live?: boolean;
}): UseInfiniteQueryOptions<P, Error, InfiniteData<P, string | undefined>, QueryKey, string | undefined> {
  return {
    queryKey: opts.queryKey,
    queryFn: async ({ pageParam }) => {
      if (opts.live && pageParam === undefined) {
        // A (re)read starts from the first page: its time is the time of the whole list.
        await liveReady();
        markLiveRead(opts.queryKey);
      }
      return unwrap(await opts.page(pageParam));
    },
    initialPageParam: undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    ...(opts.live ? { meta: LIVE, staleTime: Number.POSITIVE_INFINITY } : {}),
  };
}

/** The items of every loaded page, in order, each id once (a row may move between pages). */
export function pagedItems<P, T extends { id: string }>(
  data: InfiniteData<P, unknown> | undefined,
  items: (page: P) => T[],
): T[] | null {
  if (!data) return null;
  const seen = new Set<string>();
  const out: T[] = [];
  for (const page of data.pages) {
    for (const item of items(page)) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      out.push(item);
    }
  }
  return out;
}

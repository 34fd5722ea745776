/**
 * The tab's TanStack Query cache, alone so that the provider in the first page's code does not
 * bring the realtime client and the API helpers (lib/query.ts wires those when a screen loads it).
 */
import { QueryClient } from '@tanstack/react-query';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // api.ts already refreshes tokens and reports failures; a retry would report twice.
        retry: false,
        // The socket and the mutations keep data current; focus alone is no reason to read again.
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
    },
  });
}

/** The tab's cache. */
export const queryClient = createQueryClient();

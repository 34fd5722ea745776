import { QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
import { queryClient } from './query-client.ts';

/** The tab's server-state cache (lib/query.ts) for every screen below. */
export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

/**
 * `Component` inside the tab's cache. Public screens need no cache, so the provider is not above
 * the routes (it would bring TanStack Query into every first page): the signed-in screens and the
 * header's signed-in links, whose code loads with a session, are wrapped when they load. Every
 * wrapper holds the same client, so there is still one cache.
 */
export function withQueryCache<P extends object>(Component: ComponentType<P>): ComponentType<P> {
  function WithQueryCache(props: P) {
    return (
      <QueryProvider>
        <Component {...props} />
      </QueryProvider>
    );
  }
  WithQueryCache.displayName = `WithQueryCache(${Component.displayName ?? Component.name})`;
  return WithQueryCache;
}

import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { type RuntimeConfig, setRuntimeConfig } from '../lib/config.ts';
import { queryClient } from '../lib/query.ts';
import { clearCookies, stubBoundary } from './boundary.ts';
import { signInForTest } from './session.ts';

export interface ScreenTestOptions {
  /** Runtime configuration fields other than the local stage's (`/api`, no WebSocket). */
  config?: Partial<RuntimeConfig>;
  /** Signs in as this profile and role before each test. */
  signIn?: [profileId: string, roleId: number];
}

/**
 * A screen test's set-up, registered in the calling scope: before each test an empty query cache,
 * the runtime configuration, no cookies or storage, the boundary stubbed (and the sign-in asked
 * for); after each, the render unmounted, globals unstubbed and spies restored. Returns the fetch
 * mock (one for the scope, reset before each test).
 */
export function prepareScreenTest({ config, signIn }: ScreenTestOptions = {}) {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    queryClient.clear();
    setRuntimeConfig({ apiBase: '/api', wsUrl: '', stage: 'local', ...config });
    clearCookies();
    localStorage.clear();
    sessionStorage.clear();
    fetchMock.mockReset();
    stubBoundary(fetchMock);
    if (signIn) signInForTest(...signIn);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
  return fetchMock;
}

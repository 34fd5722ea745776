import { businessConfig } from '@app/shared/config';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../test/boundary.ts';
import { claimReload, reloadIfOutdated, watchBuild } from './buildUpdate.ts';

const C = businessConfig.client;

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
  };
}

describe('reload guard', () => {
  it('allows one reload per path per guard window', () => {
    const storage = memoryStorage();
    expect(claimReload('/home', 1000, storage)).toBe(true);
    expect(claimReload('/home', 1000 + C.reloadGuardMs - 1, storage)).toBe(false);
    expect(claimReload('/mypage/account', 1500, storage)).toBe(true);
    expect(claimReload('/home', 1000 + C.reloadGuardMs, storage)).toBe(true);
  });

  it('reloads only when the build is outdated', () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    expect(reloadIfOutdated({ outdated: false }, '/home', reload, storage, 0)).toBe(false);
    expect(reloadIfOutdated({ outdated: true }, '/home', reload, storage, 1)).toBe(true);
    expect(reloadIfOutdated({ outdated: true }, '/home', reload, storage, 2)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

describe('build watcher', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('first checks after the start-up delay, then every interval, and notices a new version', async () => {
    let deployed = 'v1';
    const fetchFn = vi.fn(async () => jsonResponse({ status: 200, body: { version: deployed } }));
    const onOutdated = vi.fn();
    const watcher = watchBuild('v1', fetchFn as unknown as typeof fetch, onOutdated);

    await vi.advanceTimersByTimeAsync(C.manifestFetchDelayMs - 1);
    expect(fetchFn).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchFn).toHaveBeenCalledTimes(1);
    expect(fetchFn).toHaveBeenCalledWith('/build.json', { cache: 'no-store' });
    expect(watcher.outdated).toBe(false);

    deployed = 'v2';
    await vi.advanceTimersByTimeAsync(C.buildCheckIntervalMs);
    expect(fetchFn).toHaveBeenCalledTimes(2);
    expect(watcher.outdated).toBe(true);
    expect(onOutdated).toHaveBeenCalledTimes(1);
    watcher.stop();
  });

  it('ignores failed checks', async () => {
    const fetchFn = vi.fn(async () => {
      throw new TypeError('offline');
    });
    const watcher = watchBuild('v1', fetchFn as unknown as typeof fetch);
    await vi.advanceTimersByTimeAsync(C.manifestFetchDelayMs);
    expect(watcher.outdated).toBe(false);
    watcher.stop();
  });
});

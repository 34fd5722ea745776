import { businessConfig } from '@app/shared/config';

const C = businessConfig.client;
const GUARD_PREFIX = 'build-reload:';

/**
 * At most one reload per path per guard window (10 s): true when the caller may reload now, and
 * records the reload. Keeps a broken deployment from reloading in a loop.
 */
export function claimReload(
  path: string,
  now: number,
  storage: Pick<Storage, 'getItem' | 'setItem'>,
): boolean {
  const key = `${GUARD_PREFIX}${path}`;
  const last = Number(storage.getItem(key));
  if (Number.isFinite(last) && last > 0 && now - last < C.reloadGuardMs) return false;
  storage.setItem(key, String(now));
  return true;
}

export interface BuildWatcher {
  /** True once the deployed build differs from the running one. */
  readonly outdated: boolean;
  stop(): void;
}

/**
 * Poll /build.json: first after the start-up delay, then every check interval. A different
 * version marks the running app as outdated.
 */
export function watchBuild(
  currentVersion: string,
  fetchFn: typeof fetch = fetch,
  onOutdated: () => void = () => {},
): BuildWatcher {
  let outdated = false;
  let interval: ReturnType<typeof setInterval> | undefined;
  const check = async () => {
    try {
      const res = await fetchFn('/build.json', { cache: 'no-store' });
      if (!res.ok) return;
      const { version } = (await res.json()) as { version?: unknown };
      if (typeof version === 'string' && version !== currentVersion && !outdated) {
        outdated = true;
        onOutdated();
      }
    } catch {
      // offline or mid-deploy: try again at the next interval
    }
  };
  const first = setTimeout(() => {
    void check();
    interval = setInterval(() => void check(), C.buildCheckIntervalMs);
  }, C.manifestFetchDelayMs);
  return {
    get outdated() {
      return outdated;
    },
    stop() {
      clearTimeout(first);
      if (interval) clearInterval(interval);
    },
  };
}

/** Reload for a navigation to `path` when outdated and the guard allows it. */
export function reloadIfOutdated(
  watcher: Pick<BuildWatcher, 'outdated'>,
  path: string,
  reload: () => void,
  storage: Pick<Storage, 'getItem' | 'setItem'> = sessionStorage,
  now = Date.now(),
): boolean {
  if (!watcher.outdated || !claimReload(path, now, storage)) return false;
  reload();
  return true;
}

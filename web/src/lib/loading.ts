import { createStore, useStore } from './store.ts';

/** Loading modes (spec 4): 0 none, 1 page, 2 post-action. */
export type LoadingMode = 0 | 1 | 2;

export const loadingStore = createStore<LoadingMode>(0);

export function setLoading(mode: LoadingMode): void {
  loadingStore.set(mode);
}

export function clearLoading(): void {
  loadingStore.set(0);
}

export const useLoading = () => useStore(loadingStore);

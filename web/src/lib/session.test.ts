import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearCookies } from '../test/boundary.ts';
import { tokenResponse } from '../test/session.ts';
import { setRuntimeConfig } from './config.ts';
import { authStore, clearSession, loadSession, saveSession, setSetupProgress } from './session.ts';

describe('setup completion in the auth state', () => {
  beforeEach(() => {
    setRuntimeConfig({ apiBase: '/api', wsUrl: '', stage: 'local' });
    localStorage.clear();
    clearCookies();
  });
  afterEach(() => clearSession());

  it('is remembered for the profile across a fresh load, and forgotten at logout', () => {
    saveSession(tokenResponse('p1', 4));
    expect(authStore.get().setupComplete).toBe(false);
    setSetupProgress(1, 1);
    expect(authStore.get().setupComplete).toBe(false);
    setSetupProgress(2, 2); // a fan's last step
    expect(authStore.get().setupComplete).toBe(true);
    // a fresh load: the state comes from the cookies and the remembered profile
    authStore.set((prev) => ({ ...prev, setupComplete: false, finalStep: 0 }));
    loadSession();
    expect(authStore.get().setupComplete).toBe(true);
    clearSession();
    expect(authStore.get().setupComplete).toBe(false);
    saveSession(tokenResponse('p1', 4));
    expect(authStore.get().setupComplete).toBe(false);
  });

  it('does not carry over to another profile', () => {
    saveSession(tokenResponse('p1', 4));
    setSetupProgress(2, 2);
    saveSession(tokenResponse('p2', 2));
    expect(authStore.get().setupComplete).toBe(false);
    setSetupProgress(2, 2); // a creator has a third step
    expect(authStore.get().setupComplete).toBe(false);
  });
});

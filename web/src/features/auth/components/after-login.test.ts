import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setRuntimeConfig } from '../../../lib/config.ts';
import { takeReturnAfterSetup } from '../../../lib/return-to.ts';
import { clearCookies } from '../../../test/boundary.ts';
import { tokenResponse } from '../../../test/session.ts';
import { startSession } from './after-login.ts';

const account = vi.hoisted(() => ({ finalStep: 0 as number | null }));
vi.mock('../../mypage/account-store.ts', () => ({
  resetAccount: () => {},
  loadAccount: async () => (account.finalStep === null ? null : { final_step: account.finalStep }),
}));

const fan = tokenResponse('p1', 4);

describe('startSession: where a login goes', () => {
  beforeEach(() => {
    setRuntimeConfig({ apiBase: '/api', wsUrl: '', stage: 'local' });
    clearCookies();
  });

  it('goes back to the page that asked for the login once setup is complete', async () => {
    account.finalStep = 2;
    expect(await startSession(fan, '/chatroom/sakura')).toBe('/chatroom/sakura');
    expect(await startSession(fan, '/en/@sakura')).toBe('/@sakura');
    expect(await startSession(fan)).toBe('/home');
  });

  it('ignores a target on another site', async () => {
    account.finalStep = 2;
    for (const next of ['https://evil.example', '//evil.example', '/\\evil.example', '/..//evil.example'])
      expect(await startSession(fan, next)).toBe('/home');
  });

  it('goes to the next sign-up step first, and back when the account could not be read', async () => {
    account.finalStep = 0;
    expect(await startSession(fan, '/chatroom/sakura')).toBe('/mypage/signup/1');
    // the last step opens it (SignupPage)
    expect(takeReturnAfterSetup()).toBe('/chatroom/sakura');
    account.finalStep = null;
    expect(await startSession(fan, '/chatroom/sakura')).toBe('/chatroom/sakura');
  });
});

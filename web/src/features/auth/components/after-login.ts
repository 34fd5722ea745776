import type { TokenResponse } from '@app/shared/schemas/auth';
import { keepReturnAfterSetup, safeReturnPath } from '../../../lib/return-to.ts';
import { saveSession } from '../../../lib/session.ts';
import { nextSetupPath } from '../../../lib/setup.ts';
import { loadAccount, resetAccount } from '../../mypage/account-store.ts';

/**
 * Save the new session and find where the account goes next: a sign-up step while setup is not
 * complete (the steps end at `next`), else the page the login was asked from (`next`, a same-site
 * path; anything else is ignored), else home.
 */
export async function startSession(token: TokenResponse, next?: string | null): Promise<string> {
  saveSession(token);
  resetAccount();
  const account = await loadAccount();
  const back = safeReturnPath(next);
  // Home (or the screen) checks the progress again when GET /mypage failed here.
  if (!account) return back ?? '/home';
  const path = nextSetupPath(token.role_id, account.final_step);
  if (path !== '/home') {
    keepReturnAfterSetup(back);
    return path;
  }
  keepReturnAfterSetup(null);
  return back ?? '/home';
}

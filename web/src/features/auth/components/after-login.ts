import type { TokenResponse } from '@app/shared/schemas/auth';
import { saveSession } from '../../../lib/session.ts';
import { nextSetupPath } from '../../../lib/setup.ts';
import { loadAccount, resetAccount } from '../../mypage/account-store.ts';

/** Save the new session and find where the account goes next: a sign-up step or home. */
export async function startSession(token: TokenResponse): Promise<string> {
  saveSession(token);
  resetAccount();
  const account = await loadAccount();
  // Home checks the progress again when GET /mypage failed here.
  if (!account) return '/home';
  return nextSetupPath(token.role_id, account.final_step);
}

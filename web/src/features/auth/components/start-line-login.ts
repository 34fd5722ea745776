import type { ApiResult } from '../../../lib/api.ts';
import { pendingInvitation } from '../../../lib/invitation.ts';
import type { Language, Prefix } from '../../../lib/lang.ts';
import { safeReturnPath } from '../../../lib/return-to.ts';
import { lineAuthorize } from '../api/lineAuthorize.ts';
import { lineRedirectUri, savePendingLogin } from './line-session.ts';

/**
 * POST /auth/line/authorize, keep the state and the language for the callback, and go to LINE.
 * Resolves with the API result when it did not leave the page (422 or null). `next` is the page the
 * callback opens after the login (a safe return path, lib/return-to.ts).
 */
export async function startLineLogin(
  lang: Language,
  prefix: Prefix,
  { recoveryToken, next = null }: { recoveryToken?: string; next?: string | null } = {},
): Promise<ApiResult<unknown>> {
  const invitedBy = recoveryToken ? null : pendingInvitation();
  const result = await lineAuthorize({
    redirect_uri: lineRedirectUri(),
    ...(recoveryToken ? { recovery_token: recoveryToken } : {}),
    // A creator's invitation link visited within social.invitationDays: a new fan account is theirs.
    ...(invitedBy ? { invited_by: invitedBy } : {}),
  });
  if (result?.ok) {
    savePendingLogin({
      state: result.data.state,
      lang,
      prefix,
      recovery: Boolean(recoveryToken),
      next: safeReturnPath(next),
    });
    window.location.assign(result.data.url);
  }
  return result;
}

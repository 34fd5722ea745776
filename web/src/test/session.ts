import { saveSession } from '../lib/session.ts';

/** A login's token response (tokens are placeholders). */
export const tokenResponse = (profileId: string, roleId: number) => ({
  access_token: 'a',
  refresh_token: 'r',
  refresh_token_expires_at: '2099-01-01T00:00:00.000Z',
  profile_id: profileId,
  role_id: roleId,
});

/** A signed-in session as the app stores it after a login. */
export function signInForTest(profileId: string, roleId: number) {
  saveSession(tokenResponse(profileId, roleId));
}

import { saveSession } from '../lib/session.ts';

/** A signed-in session as the app stores it after a login (tokens are placeholders). */
export function signInForTest(profileId: string, roleId: number) {
  saveSession({
    access_token: 'a',
    refresh_token: 'r',
    refresh_token_expires_at: '2030-01-01T00:00:00Z',
    profile_id: profileId,
    role_id: roleId,
  });
}

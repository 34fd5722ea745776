import { okResponse } from '@app/shared/schemas/auth';
import { apiRequest } from '../../../lib/api.ts';
import { clearSession, refreshToken } from '../../../lib/session.ts';
import { turnOffThisDevice } from '../../push/turn-off-this-device.ts';

/**
 * POST /auth/logout {refresh_token}, then clear the session cookies whatever the answer. This
 * browser's push notifications are turned off first (while the session can still do it).
 */
export async function logout(): Promise<void> {
  await turnOffThisDevice();
  const refresh_token = refreshToken() ?? undefined;
  try {
    await apiRequest({
      method: 'POST',
      path: '/auth/logout',
      body: { refresh_token },
      auth: false,
      response: okResponse,
      loading: 2,
    });
  } catch (err) {
    console.warn('logout request failed', err);
  } finally {
    clearSession();
  }
}

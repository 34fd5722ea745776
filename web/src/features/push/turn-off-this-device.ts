import { unsubscribePush } from './api/unsubscribePush.ts';
import { savedEndpoint, unsubscribeBrowser } from './device.ts';

/**
 * Before logging out: this browser's notifications are turned off, so the next person to sign in on
 * it never gets the previous account's pushes. Never blocks the logout.
 */
export async function turnOffThisDevice(): Promise<void> {
  if (!savedEndpoint()) return;
  try {
    const endpoint = await unsubscribeBrowser();
    if (endpoint) await unsubscribePush({ endpoint });
  } catch (err) {
    console.warn('push unsubscribe at logout failed', err);
  }
}

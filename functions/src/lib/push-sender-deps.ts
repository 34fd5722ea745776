/** The push consumers' dependencies: the sender (web-push, in these bundles only) with the VAPID keys. */
import { getDb } from '../db/service.ts';
import type { NotifyDeps } from '../services/push/notify.ts';
import { webPushSender } from '../services/push/sender.ts';
import { systemClock } from './clock.ts';
import { pushConfigOf } from './push-deps.ts';

export async function notifyDeps(): Promise<NotifyDeps> {
  const { vapid } = await pushConfigOf();
  return { db: getDb(), clock: systemClock, send: vapid ? webPushSender(vapid) : null };
}

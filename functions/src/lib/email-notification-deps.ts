/** Dependencies of the e-mail notification handlers: the table, the clock, the app secret (unsubscribe tokens). */
import { getDb } from '../db/service.ts';
import type { Clock } from './clock.ts';
import { env } from './env.ts';
import { secrets } from './secrets.ts';

export async function emailNotificationDeps(clock: Clock) {
  return { db: getDb(), clock, authSecret: (await secrets()).AUTH_SECRET, siteUrl: env().SITE_URL };
}

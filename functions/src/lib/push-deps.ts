/** What the Web Push routes need: the table, the clock, the VAPID key pair, the local stand-in's URL. */
import { getDb } from '../db/service.ts';
import type { PushConfig, PushDeps } from '../services/push/subscriptions.ts';
import type { Clock } from './clock.ts';
import { env } from './env.ts';
import { secrets } from './secrets.ts';

export async function pushConfigOf(): Promise<PushConfig> {
  const [s, e] = [await secrets(), env()];
  // The VAPID `sub` claim: the contact the push services may write to (the sender's address).
  const contact = /<([^>]+)>/.exec(e.MAIL_FROM)?.[1] ?? e.MAIL_FROM;
  return {
    vapid:
      s.VAPID_PUBLIC_KEY && s.VAPID_PRIVATE_KEY
        ? {
            publicKey: s.VAPID_PUBLIC_KEY,
            privateKey: s.VAPID_PRIVATE_KEY,
            subject: `mailto:${contact.trim()}`,
          }
        : null,
    standInUrl: e.PUSH_STAND_IN_URL ?? null,
  };
}

export async function pushDeps(clock: Clock): Promise<PushDeps> {
  return { db: getDb(), clock, ...(await pushConfigOf()) };
}

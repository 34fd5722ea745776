/** Dependencies of the fan club's handlers: the table, the clock, the media bucket. */
import { getDb } from '../db/service.ts';
import type { FanclubDeps } from '../services/fanclub/deps.ts';
import type { Clock } from './clock.ts';
import { env } from './env.ts';
import { s3MediaStore } from './media-store.ts';

export function fanclubDeps(clock: Clock): FanclubDeps {
  return { db: getDb(), clock, media: s3MediaStore(), scan: env().MEDIA_SCAN };
}

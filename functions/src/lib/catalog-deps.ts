/** Dependencies of the console's stamps and campaigns (issue 17): the table, and the media bucket for pictures. */
import { getDb } from '../db/service.ts';
import type { Clock } from './clock.ts';
import { env } from './env.ts';
import { s3MediaStore } from './media-store.ts';

export function catalogDeps(clock: Clock) {
  return { db: getDb(), clock };
}

export function catalogMediaDeps(clock: Clock) {
  return { db: getDb(), clock, media: s3MediaStore(), scan: env().MEDIA_SCAN };
}

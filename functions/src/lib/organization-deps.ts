/**
 * Dependencies of the organization handlers (issue 16): the form and its logo (media bucket),
 * the cast actions (the @connections API: a suspended or removed cast's sockets close), and the
 * removal (leaving's raw client).
 */
import { getDb } from '../db/service.ts';
import { connections } from './aws/connections.ts';
import type { Clock } from './clock.ts';
import { appDeps } from './deps.ts';
import { env } from './env.ts';
import { s3MediaStore } from './media-store.ts';

export function organizationFormDeps(clock: Clock) {
  return { db: getDb(), clock, media: s3MediaStore(), scan: env().MEDIA_SCAN };
}

export function castDeps(clock: Clock) {
  return { db: getDb(), clock, sockets: connections() };
}

export async function castRemovalDeps(clock: Clock) {
  return { ...(await appDeps()), clock, sockets: connections(), media: s3MediaStore() };
}

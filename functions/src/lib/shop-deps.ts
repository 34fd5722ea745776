/** Dependencies of the shop's handlers: the table, the clock, the media bucket, the WebSocket @connections client. */
import { getDb } from '../db/service.ts';
import type { ShopDeps } from '../services/shop/deps.ts';
import { connections } from './aws/connections.ts';
import type { Clock } from './clock.ts';
import { env } from './env.ts';
import { s3MediaStore } from './media-store.ts';

export function shopDeps(clock: Clock): ShopDeps {
  return { db: getDb(), clock, sender: connections(), media: s3MediaStore(), scan: env().MEDIA_SCAN };
}

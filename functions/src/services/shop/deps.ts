import type { Db } from '../../db/service.ts';
import type { Clock } from '../../lib/clock.ts';
import type { MediaDeps } from '../media/pipeline.ts';
import type { ConnectionSender } from '../realtime.ts';

/** What the shop's services take: the table, the clock, the media bucket, the WebSocket sender. */
export interface ShopDeps extends MediaDeps {
  db: Db;
  clock: Clock;
  sender: ConnectionSender;
}

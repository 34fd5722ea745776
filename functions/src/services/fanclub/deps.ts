import type { Db } from '../../db/service.ts';
import type { Clock } from '../../lib/clock.ts';
import type { MediaDeps } from '../media/pipeline.ts';

/** What the fan club's services take: the table, the clock, the media bucket (posts' files). */
export interface FanclubDeps extends MediaDeps {
  db: Db;
  clock: Clock;
}

import { broadcastDeps } from '../lib/broadcast-deps.ts';
import { jobHandler } from '../lib/job.ts';
import { sweepSending } from '../services/broadcasts/fanout.ts';

/** Every few minutes: sending broadcasts whose plan or chunks stalled are resumed (lost messages, crashes). */
export const handler = jobHandler('broadcast-sweep', async (clock) => sweepSending(broadcastDeps(clock)));

import { getDb } from '../db/service.ts';
import { jobHandler } from '../lib/job.ts';
import { scanTimedTriggers } from '../services/broadcasts/trigger-scan.ts';

/** Every 15 minutes: fans for whom "no response for N hours" or "liked, no chat for N hours" became true. */
export const handler = jobHandler('broadcast-trigger-scan', async (clock) => ({
  ...(await scanTimedTriggers({ db: getDb(), clock })),
}));

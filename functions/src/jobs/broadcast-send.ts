import { broadcastDeps } from '../lib/broadcast-deps.ts';
import { jobHandler } from '../lib/job.ts';
import { logger } from '../lib/logger.ts';
import { reserveSendInput, startReserve } from '../services/broadcasts/fanout.ts';

/** A scheduled broadcast's one-time schedule: `{ reserve_id, creator_id, reserved_at }`. */
export const handler = jobHandler('broadcast-send', async (clock, event) => {
  const input = reserveSendInput.safeParse(event);
  if (!input.success) {
    logger.error('broadcast-send: invalid input', { event: JSON.stringify(event).slice(0, 200) });
    return { outcome: 'invalid' };
  }
  return startReserve(broadcastDeps(clock), input.data);
});

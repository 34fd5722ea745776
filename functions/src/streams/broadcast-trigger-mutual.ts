import { getDb } from '../db/service.ts';
import { systemClock } from '../lib/clock.ts';
import { streamHandler } from '../lib/stream.ts';
import { mutualTriggerRecord } from '../services/broadcasts/trigger-events.ts';

/** A room became a mutual chat (mutualChat INSERT, once per room) → trigger broadcast 6's runs. */
export const handler = streamHandler('broadcast-trigger-mutual', (record) =>
  mutualTriggerRecord(getDb(), systemClock, record),
);

import { getDb } from '../db/service.ts';
import { systemClock } from '../lib/clock.ts';
import { streamHandler } from '../lib/stream.ts';
import { likeTriggerRecord } from '../services/broadcasts/trigger-events.ts';

/** A fan liked a creator (like INSERT) → trigger broadcast 3's runs. */
export const handler = streamHandler('broadcast-trigger-likes', (record) =>
  likeTriggerRecord(getDb(), systemClock, record),
);

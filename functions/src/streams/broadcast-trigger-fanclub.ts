import { getDb } from '../db/service.ts';
import { systemClock } from '../lib/clock.ts';
import { streamHandler } from '../lib/stream.ts';
import { fanclubTriggerRecord } from '../services/broadcasts/trigger-events.ts';

/** A fan's first fan-club join (fanclubEvent INSERT, kind join, first) → trigger broadcast 2's runs. */
export const handler = streamHandler('broadcast-trigger-fanclub', (record) =>
  fanclubTriggerRecord(getDb(), systemClock, record),
);

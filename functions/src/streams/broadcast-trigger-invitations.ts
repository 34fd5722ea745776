import { getDb } from '../db/service.ts';
import { systemClock } from '../lib/clock.ts';
import { streamHandler } from '../lib/stream.ts';
import { invitationTriggerRecord } from '../services/broadcasts/trigger-events.ts';

/** A fan signed up through the creator's invitation page (invitation INSERT) → trigger broadcast 1's runs. */
export const handler = streamHandler('broadcast-trigger-invitations', (record) =>
  invitationTriggerRecord(getDb(), systemClock, record),
);

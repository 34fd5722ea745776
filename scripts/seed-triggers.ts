/**
 * Demo trigger broadcasts for the local cloud: `POST /_local/demo/trigger` (browser tests, demos).
 * Writes a Trigger item as the authoring service leaves it (services/broadcasts, the trigger form),
 * with text chats, for the creator `username`. Local and test stages only.
 */
import {
  isValidWindow,
  TRIGGER_CONDITIONS,
  type TriggerCondition,
  triggerNeedsHours,
} from '@app/shared/broadcasts';
import { businessConfig } from '@app/shared/config';
import type { Db } from '../functions/src/db/service.ts';
import type { Clock } from '../functions/src/lib/clock.ts';
import { newId } from '../functions/src/lib/crypto.ts';

const B = businessConfig.broadcasts;

export interface DemoTriggerInput {
  /** The creator's username. */
  username: string;
  condition: TriggerCondition;
  /** Conditions 4 and 5: the hours. */
  hours?: number;
  excludeDuplicated?: boolean;
  intervalHours?: number;
  windowStart?: number;
  windowEnd?: number;
  /** The chats' texts, in order. */
  chats: string[];
}

export async function seedDemoTrigger(
  deps: { db: Db; clock: Clock },
  input: DemoTriggerInput,
): Promise<{ trigger_id: string }> {
  const { data: claim } = await deps.db.entities.uniqueClaim
    .get({ kind: 'username', value: String(input.username).toLowerCase() })
    .go();
  if (!claim) throw new Error(`no creator is called ${input.username}`);
  if (!TRIGGER_CONDITIONS.includes(input.condition)) throw new Error('condition is 1 to 6');
  const window = { start: input.windowStart ?? 0, end: input.windowEnd ?? 24 };
  if (!isValidWindow(window)) throw new Error('the window is whole hours, start 0-23, end 1-24');
  const chats = Array.isArray(input.chats) ? input.chats.filter((c) => typeof c === 'string' && c) : [];
  if (chats.length === 0 || chats.length > B.chatsMax) throw new Error(`1 to ${B.chatsMax} chats`);
  const at = deps.clock.now().toISOString();
  const triggerId = newId();
  await deps.db.entities.trigger
    .create({
      creatorId: claim.profileId,
      triggerId,
      condition: input.condition,
      ...(triggerNeedsHours(input.condition) ? { hours: input.hours ?? 24 } : {}),
      timed: triggerNeedsHours(input.condition) ? '1' : '',
      excludeDuplicated: input.excludeDuplicated ?? true,
      intervalHours: input.intervalHours ?? 24,
      windowStart: window.start,
      windowEnd: window.end,
      chats: chats.map((text) => ({ kind: 'text' as const, text })),
      version: 1,
      createdAt: at,
      updatedAt: at,
    })
    .go();
  return { trigger_id: triggerId };
}

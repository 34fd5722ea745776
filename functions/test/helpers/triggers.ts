/** Trigger broadcast fixtures: a Trigger item written as the authoring service leaves it, and its runs. */
import { type TriggerCondition, triggerNeedsHours } from '@app/shared/broadcasts';
import { newId } from '../../src/lib/crypto.ts';
import type { TriggerRecord, TriggerRunRecord } from '../../src/services/broadcasts/trigger-runs.ts';
import { testDb } from './cloud.ts';

export interface TriggerFixture {
  condition: TriggerCondition;
  texts?: string[];
  hours?: number;
  excludeDuplicated?: boolean;
  intervalHours?: number;
  window?: { start: number; end: number };
}

/** A trigger of `creatorId` (the whole day, 1 hour apart, exclude duplicated on unless said). */
export async function putTrigger(creatorId: string, f: TriggerFixture): Promise<TriggerRecord> {
  const at = new Date().toISOString();
  const trigger: TriggerRecord = {
    creatorId,
    triggerId: newId(),
    condition: f.condition,
    ...(triggerNeedsHours(f.condition) ? { hours: f.hours ?? 24 } : {}),
    timed: triggerNeedsHours(f.condition) ? '1' : '',
    excludeDuplicated: f.excludeDuplicated ?? true,
    intervalHours: f.intervalHours ?? 1,
    windowStart: f.window?.start ?? 0,
    windowEnd: f.window?.end ?? 24,
    chats: (f.texts ?? ['ありがとう！']).map((text) => ({ kind: 'text' as const, text })),
    version: 1,
    counts: { targeted: 0, delivered: 0, blocked: 0, closed: 0, left: 0, failed: 0 },
    createdAt: at,
    updatedAt: at,
  };
  await testDb().entities.trigger.put(trigger).go();
  return trigger;
}

export async function runOf(triggerId: string, fanId: string): Promise<TriggerRunRecord | null> {
  return (await testDb().entities.triggerRun.get({ triggerId, fanId }).go({ consistent: true })).data;
}

export async function triggerOf(t: TriggerRecord): Promise<TriggerRecord | null> {
  return (await testDb().entities.trigger.get(t).go({ consistent: true })).data;
}

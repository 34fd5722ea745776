/**
 * The broadcast forms' pure parts: the values (named as the request's fields, so the contract's
 * issues land on them), the request built from them, and the forms' schemas: the contract itself
 * after that mapping, plus the scheduled time's window on the device's clock (the server checks
 * again on its own clock).
 */
import {
  RESERVE_CONDITIONS,
  type ReserveCondition,
  reserveNeedsHours,
  reserveTimeRefusal,
  TRIGGER_CONDITIONS,
  type TriggerCondition,
  triggerNeedsHours,
} from '@app/shared/broadcasts';
import {
  type BroadcastChatView,
  type ReserveView,
  reserveSaveRequest,
  type TriggerView,
  triggerSaveRequest,
} from '@app/shared/schemas/broadcasts';
import { V } from '@app/shared/validation';
import * as z from 'zod/mini';
import { fromJstInput, toJstInput } from '../../lib/jst-input.ts';

export { RESERVE_CONDITIONS, TRIGGER_CONDITIONS };

/** A chat of the form: what the request carries, and what the editor shows while uploading. */
export interface ChatValue {
  /** Stable across moves (the upload finds its chat by it). */
  uid: string;
  kind: 'text' | 'file';
  text: string;
  /** The upload key (new) or the processed key the broadcast holds. */
  file: string | null;
  preview: string | null;
  fileType: 'image' | 'video' | null;
  fileName: string | null;
  /** 0 to 1 while uploading. */
  progress: number | null;
  uploadError: { key: string; params: Record<string, string | number> } | null;
}

let uidCounter = 0;
export const newChat = (kind: ChatValue['kind'] = 'text'): ChatValue => ({
  uid: `chat-${++uidCounter}`,
  kind,
  text: '',
  file: null,
  preview: null,
  fileType: null,
  fileName: null,
  progress: null,
  uploadError: null,
});

export const chatValueOf = (c: BroadcastChatView): ChatValue => ({
  ...newChat(c.kind),
  text: c.text ?? '',
  file: c.file,
  preview: c.file_url,
  fileType: c.file_type,
});

const chatBodyOf = (c: ChatValue) =>
  c.kind === 'text' ? { kind: 'text', text: c.text, file: null } : { kind: 'file', text: '', file: c.file };

/** A number input's value (NaN when empty) as the request's number, or null. */
const numberOrNull = (n: unknown) => (typeof n === 'number' && Number.isFinite(n) ? n : null);
/** A select's value: a number, or undefined when nothing is chosen (the contract's "required" message). */
const chosen = (n: unknown) => (typeof n === 'number' && Number.isFinite(n) ? n : undefined);

// ---------------------------------------------------------------------------------------------
// Scheduled broadcasts

export interface ReserveFormValues {
  id?: string | undefined;
  version?: number | undefined;
  /** '' until one is chosen. */
  condition: number | '';
  hours: number | null;
  /** `datetime-local` in Japan time. */
  reserved_at: string;
  chats: ChatValue[];
}

export const reserveValuesOf = (r: ReserveView | null): ReserveFormValues => ({
  ...(r ? { id: r.id, version: r.version } : {}),
  condition: r?.condition ?? '',
  hours: r?.hours ?? null,
  reserved_at: r ? toJstInput(r.reserved_at) : '',
  chats: r ? r.chats.map(chatValueOf) : [newChat()],
});

export function reserveBodyOf(v: ReserveFormValues): Record<string, unknown> {
  const condition = chosen(v.condition);
  return {
    ...(v.id ? { id: v.id, version: v.version } : {}),
    condition,
    hours:
      condition !== undefined && reserveNeedsHours(condition as ReserveCondition)
        ? numberOrNull(v.hours)
        : null,
    reserved_at: fromJstInput(v.reserved_at) ?? v.reserved_at,
    chats: v.chats.map(chatBodyOf),
  };
}

/** The time's window on the device's clock, as the server says it. */
const reserveTimeChecks = (now: () => Date) =>
  (['past', 'too_soon', 'too_far'] as const).map((refusal) =>
    z.refine<{ reserved_at: string }>((b) => reserveTimeRefusal(new Date(b.reserved_at), now()) !== refusal, {
      error:
        refusal === 'past'
          ? V.broadcastReservedAt
          : refusal === 'too_soon'
            ? V.broadcastReservedAtSoon
            : V.broadcastReservedAtFar,
      path: ['reserved_at'],
      abort: true,
    }),
  );

export const reserveFormSchema = (now: () => Date = () => new Date()) =>
  z.pipe(
    z.transform((v: ReserveFormValues) => reserveBodyOf(v)),
    reserveSaveRequest.check(...reserveTimeChecks(now)),
  );

// ---------------------------------------------------------------------------------------------
// Trigger broadcasts

export interface TriggerFormValues {
  id?: string | undefined;
  version?: number | undefined;
  /** '' until one is chosen. */
  condition: number | '';
  hours: number | null;
  exclude_duplicated: boolean;
  interval_hours: number;
  window_start: number;
  window_end: number;
  chats: ChatValue[];
}

export const triggerValuesOf = (t: TriggerView | null): TriggerFormValues => ({
  ...(t ? { id: t.id, version: t.version } : {}),
  condition: t?.condition ?? '',
  hours: t?.hours ?? null,
  exclude_duplicated: t?.exclude_duplicated ?? true,
  interval_hours: t?.interval_hours ?? 24,
  window_start: t?.window_start ?? 10,
  window_end: t?.window_end ?? 21,
  chats: t ? t.chats.map(chatValueOf) : [newChat()],
});

export function triggerBodyOf(v: TriggerFormValues): Record<string, unknown> {
  const condition = chosen(v.condition);
  return {
    ...(v.id ? { id: v.id, version: v.version } : {}),
    condition,
    hours:
      condition !== undefined && triggerNeedsHours(condition as TriggerCondition)
        ? numberOrNull(v.hours)
        : null,
    exclude_duplicated: v.exclude_duplicated,
    interval_hours: numberOrNull(v.interval_hours) ?? undefined,
    window_start: v.window_start,
    window_end: v.window_end,
    chats: v.chats.map(chatBodyOf),
  };
}

export const triggerFormSchema = z.pipe(
  z.transform((v: TriggerFormValues) => triggerBodyOf(v)),
  triggerSaveRequest,
);

/** Whether a condition code shows the hours field. */
export const needsHours = (kind: 'reserve' | 'trigger', condition: number | '') =>
  typeof condition === 'number' &&
  Number.isFinite(condition) &&
  (kind === 'reserve'
    ? reserveNeedsHours(condition as ReserveCondition)
    : triggerNeedsHours(condition as TriggerCondition));

/** The window's hours: starts 0-23, ends 1-24. */
export const START_HOURS = Array.from({ length: 24 }, (_, h) => h);
export const END_HOURS = Array.from({ length: 24 }, (_, h) => h + 1);

/** Skipped recipients, by reason, summed. */
export const skippedOf = (c: { blocked: number; closed: number; left: number }) =>
  c.blocked + c.closed + c.left;

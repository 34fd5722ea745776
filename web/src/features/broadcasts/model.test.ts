import { describe, expect, it } from 'vitest';
import {
  needsHours,
  newChat,
  reserveBodyOf,
  reserveFormSchema,
  reserveValuesOf,
  triggerFormSchema,
  triggerValuesOf,
} from './model.ts';

const NOW = new Date('2026-11-24T00:00:00Z');
const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
const message = (text: string) => ({ ...newChat(), text });

describe('the scheduled broadcast form', () => {
  it('sends the JST input as an instant, hours only for the inactivity condition, chats without upload state', () => {
    const body = reserveBodyOf({
      ...reserveValuesOf(null),
      condition: 1,
      hours: 24,
      reserved_at: '2026-11-24T18:30',
      chats: [
        message('やあ'),
        { ...newChat('file'), file: 'uploads/broadcast-photo/a/a-b.png', progress: null },
      ],
    });
    expect(body).toEqual({
      condition: 1,
      hours: null,
      reserved_at: '2026-11-24T09:30:00.000Z',
      chats: [
        { kind: 'text', text: 'やあ', file: null },
        { kind: 'file', text: '', file: 'uploads/broadcast-photo/a/a-b.png' },
      ],
    });
    expect(reserveBodyOf({ ...reserveValuesOf(null), condition: 2, hours: 48 }).hours).toBe(48);
  });

  it("gives the spec's messages on their fields, and the time's window on the device's clock", () => {
    const schema = reserveFormSchema(() => NOW);
    expect(issues(schema.safeParse(reserveValuesOf(null)))).toMatchObject({
      condition: 'validation.broadcastCondition',
      reserved_at: 'validation.broadcastReservedAtInvalid',
      'chats.0.text': 'validation.broadcastChat',
    });
    const base = { ...reserveValuesOf(null), condition: 2, hours: Number.NaN, chats: [message('x')] };
    expect(issues(schema.safeParse({ ...base, reserved_at: '2026-11-24T10:00' }))).toEqual({
      hours: 'validation.broadcastHours',
    });
    const at = (reserved_at: string) => issues(schema.safeParse({ ...base, hours: 3, reserved_at }));
    expect(at('2026-11-24T08:00')).toEqual({ reserved_at: 'validation.broadcastReservedAt' });
    expect(at('2026-11-24T09:02')).toEqual({ reserved_at: 'validation.broadcastReservedAtSoon' });
    expect(at('2027-03-01T09:00')).toEqual({ reserved_at: 'validation.broadcastReservedAtFar' });
    expect(at('2026-11-25T09:00')).toEqual({});
  });
});

describe('the trigger form', () => {
  it('checks the interval, the window and the hours of the time-based conditions', () => {
    const base = { ...triggerValuesOf(null), condition: 3, chats: [message('いいねありがとう')] };
    expect(triggerFormSchema.safeParse(base).success).toBe(true);
    expect(issues(triggerFormSchema.safeParse({ ...base, interval_hours: 0 }))).toEqual({
      interval_hours: 'validation.broadcastInterval',
    });
    expect(issues(triggerFormSchema.safeParse({ ...base, window_start: 9, window_end: 9 }))).toEqual({
      window_end: 'validation.broadcastWindow',
    });
    expect(issues(triggerFormSchema.safeParse({ ...base, condition: 5 }))).toEqual({
      hours: 'validation.broadcastHours',
    });
    expect(needsHours('trigger', 4)).toBe(true);
    expect(needsHours('trigger', 3)).toBe(false);
    expect(needsHours('reserve', '')).toBe(false);
  });
});

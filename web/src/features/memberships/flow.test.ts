import { afterEach, describe, expect, it } from 'vitest';
import {
  flowOfSearch,
  formatMonth,
  lastAccessOf,
  renewalOfJoinAt,
  retryDateOf,
  saveFlow,
  takeFlow,
} from './flow.ts';

describe('the join and pass flows without React', () => {
  afterEach(() => sessionStorage.clear());

  it('reads ?pass= only when it is a month, else the join', () => {
    expect(flowOfSearch('?pass=2026-09')).toEqual({ kind: 'pass', month: '2026-09' });
    for (const bad of ['', '?pass=2026-13', '?pass=2026-9', '?pass=../x', `?pass=${'9'.repeat(500)}`])
      expect(flowOfSearch(bad), bad).toEqual({ kind: 'join' });
  });

  it('renews a join on the same JST day next month, clamped at the month end', () => {
    // 2027-01-31 10:00 JST
    expect(renewalOfJoinAt(new Date('2027-01-31T01:00:00Z'))).toEqual({ renewsOn: '2027-02-28', day: 31 });
    // 2026-11-30 23:30 JST is already the 30th in Japan (14:30 UTC)
    expect(renewalOfJoinAt(new Date('2026-11-30T14:30:00Z'))).toEqual({ renewsOn: '2026-12-30', day: 30 });
  });

  it('names the last day of a period and the next attempt of a past-due renewal', () => {
    // access_until is the start (JST) of the day after the renewal day.
    expect(lastAccessOf('2026-12-20T15:00:00.000Z')).toBe('2026-12-20T14:59:59.999Z');
    expect(
      retryDateOf({ renews_on: '2026-12-20', access_until: '2026-12-20T15:00:00.000Z', failures: 2 }),
    ).toBe('2026-12-22');
    expect(retryDateOf({ renews_on: null, access_until: '2026-12-20T15:00:00.000Z', failures: 1 })).toBe(
      '2026-12-21',
    );
  });

  it('writes months in the reader language', () => {
    expect(formatMonth('ja', '2026-09')).toBe('2026年9月');
    expect(formatMonth('en', '2026-09')).toBe('September 2026');
  });

  it('restores a saved flow once, only for the same creator and the same month', () => {
    saveFlow('c1', { flow: { kind: 'pass', month: '2026-09' }, useOriginal: true, agreed: true });
    expect(takeFlow('c1', { kind: 'pass', month: '2026-10' })).toBeNull();
    saveFlow('c1', { flow: { kind: 'pass', month: '2026-09' }, useOriginal: true, agreed: true });
    expect(takeFlow('c2', { kind: 'pass', month: '2026-09' })).toBeNull();
    saveFlow('c1', { flow: { kind: 'join' }, useOriginal: false, agreed: true });
    expect(takeFlow('c1', { kind: 'join' })).toEqual({
      flow: { kind: 'join' },
      useOriginal: false,
      agreed: true,
    });
    expect(takeFlow('c1', { kind: 'join' })).toBeNull();
    sessionStorage.setItem('fanclub_flow', '{not json');
    expect(takeFlow('c1', { kind: 'join' })).toBeNull();
  });
});

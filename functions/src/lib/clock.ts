/**
 * The one source of "now" for server code. Services take a Clock argument; handlers pass
 * `systemClock`. In the local cloud (STAGE local/test) the offset can be moved so tests and
 * developers can jump across expiry times without waiting.
 */
export interface Clock {
  now(): Date;
}

let offsetMs = 0;

export const systemClock: Clock = {
  now: () => new Date(Date.now() + offsetMs),
};

/** Local and test stages only: shift the system clock by `ms` (absolute offset, not cumulative). */
export function setClockOffset(ms: number): void {
  if (process.env.STAGE === 'prod') throw new Error('The clock cannot be moved in production');
  offsetMs = ms;
}

export function clockOffset(): number {
  return offsetMs;
}

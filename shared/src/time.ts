import { businessConfig } from './config.ts';

let jstFormat: Intl.DateTimeFormat | undefined;

/** A JST calendar date (YYYY-MM-DD) of an instant (one formatter: making one costs more than formatting). */
export function jstDate(instant: Date): string {
  jstFormat ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: businessConfig.timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  return jstFormat.format(instant);
}

/** A JST month (YYYY-MM) of an instant. */
export function jstMonth(instant: Date): string {
  return jstDate(instant).slice(0, 7);
}

/** A calendar date (YYYY-MM-DD) `days` later (or earlier, when negative). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

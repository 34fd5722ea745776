/** Instants as `datetime-local` values typed in Japan time, whatever the browser's zone. */

const JST_MS = 9 * 60 * 60 * 1000;

/** An instant as a `datetime-local` value in Japan time (`YYYY-MM-DDTHH:mm`); '' for none. */
export function toJstInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return '';
  return new Date(t + JST_MS).toISOString().slice(0, 16);
}

/** A `datetime-local` value read as Japan time, as an ISO instant; null when empty or invalid. */
export function fromJstInput(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return null;
  const t = Date.parse(`${value}:00+09:00`);
  return Number.isNaN(t) ? null : new Date(t).toISOString();
}

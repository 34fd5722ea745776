/**
 * Which records of the table's stream a consumer receives. A consumer declares a StreamFilter in
 * the manifest; `filterPattern` turns it into a Lambda event filter pattern, which CDK deploys on
 * the event source mapping and the local poller evaluates with `matchesPattern` (the subset of
 * Lambda's filter syntax that `filterPattern` writes: lists of exact values and `{exists}`).
 */

export type StreamEventName = 'INSERT' | 'MODIFY' | 'REMOVE';

export interface StreamFilter {
  /** The ElectroDB entity of the changed item (its `__edb_e__` attribute). */
  entity: string;
  events: readonly StreamEventName[];
  /** String attributes the new image must hold (e.g. `txId`: paid messages only). */
  present?: readonly string[];
  /** String attributes the new image must hold with these values. */
  equals?: Readonly<Record<string, string>>;
  /** String attributes the new image must not hold. */
  absent?: readonly string[];
}

/** ElectroDB's attribute naming an item's entity. */
export const ENTITY_ATTRIBUTE = '__edb_e__';

type PatternValue = string | number | { exists: boolean };
export interface FilterPattern {
  [key: string]: readonly PatternValue[] | FilterPattern;
}

export function filterPattern(filter: StreamFilter): FilterPattern {
  const image: FilterPattern = { [ENTITY_ATTRIBUTE]: { S: [filter.entity] } };
  for (const name of filter.present ?? []) image[name] = { S: [{ exists: true }] };
  for (const [name, value] of Object.entries(filter.equals ?? {})) image[name] = { S: [value] };
  for (const name of filter.absent ?? []) image[name] = { S: [{ exists: false }] };
  return { eventName: [...filter.events], dynamodb: { NewImage: image } };
}

function matchesValue(rule: PatternValue, value: unknown): boolean {
  if (typeof rule === 'object') return rule.exists === (value !== undefined);
  return value === rule;
}

/** True when `record` (a DynamoDB stream record as Lambda receives it) matches `pattern`. */
export function matchesPattern(pattern: FilterPattern, record: unknown): boolean {
  const data = (record ?? {}) as Record<string, unknown>;
  return Object.entries(pattern).every(([key, rule]) => {
    const value = typeof data === 'object' ? data[key] : undefined;
    if (Array.isArray(rule)) return rule.some((r: PatternValue) => matchesValue(r, value));
    if (value === undefined || value === null || typeof value !== 'object') {
      // A nested rule on a missing object matches only if every leaf allows absence.
      return matchesPattern(rule as FilterPattern, {});
    }
    return matchesPattern(rule as FilterPattern, value);
  });
}

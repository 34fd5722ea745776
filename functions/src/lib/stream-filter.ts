/**
 * Which records of the table's stream a consumer receives. A consumer declares a StreamFilter in
 * the manifest; `filterPattern` turns it into a Lambda event filter pattern, which CDK deploys on
 * the event source mapping and the local poller evaluates with `matchesPattern` (the subset of
 * Lambda's filter syntax that `filterPattern` writes: lists of exact values and `{exists}`).
 */

export type StreamEventName = 'INSERT' | 'MODIFY' | 'REMOVE';

export interface StreamFilter {
  /** The ElectroDB entity of the changed item (its `__edb_e__` attribute in the new image). */
  entity?: string;
  /**
   * Instead of the entity: the start of the item's partition key. REMOVE records carry the keys
   * only (the stream holds new images), so a consumer of deletions names its items this way.
   */
  pkPrefix?: string;
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

type PatternValue = string | number | { exists: boolean } | { prefix: string };
export interface FilterPattern {
  [key: string]: readonly PatternValue[] | FilterPattern;
}

export function filterPattern(filter: StreamFilter): FilterPattern {
  const image: FilterPattern = {};
  if (filter.entity !== undefined) image[ENTITY_ATTRIBUTE] = { S: [filter.entity] };
  for (const name of filter.present ?? []) image[name] = { S: [{ exists: true }] };
  for (const [name, value] of Object.entries(filter.equals ?? {})) image[name] = { S: [value] };
  for (const name of filter.absent ?? []) image[name] = { S: [{ exists: false }] };
  const dynamodb: FilterPattern = {};
  if (filter.pkPrefix !== undefined) dynamodb.Keys = { pk: { S: [{ prefix: filter.pkPrefix }] } };
  if (Object.keys(image).length > 0) dynamodb.NewImage = image;
  return { eventName: [...filter.events], dynamodb };
}

function matchesValue(rule: PatternValue, value: unknown): boolean {
  if (typeof rule === 'object') {
    if ('prefix' in rule) return typeof value === 'string' && value.startsWith(rule.prefix);
    return rule.exists === (value !== undefined);
  }
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

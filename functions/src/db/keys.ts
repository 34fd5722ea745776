/** ElectroDB service name written into every item. */
export const SERVICE = 'kinoko';

/** Seconds since the epoch, the unit of DynamoDB TTL. */
export function ttlAt(instant: Date): number {
  return Math.floor(instant.getTime() / 1000);
}

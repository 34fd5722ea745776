/**
 * Counts DynamoDB request units of everything the handlers in this process send, through a
 * middleware on the handlers' own module-level client (ElectroDB drops ConsumedCapacity).
 */
import { dynamo } from '../../functions/src/lib/aws.ts';

let total = 0;

interface Capacity {
  CapacityUnits?: number;
}

export function installCapacityMeter(): void {
  dynamo().middlewareStack.add(
    (next) => async (args) => {
      const input = args.input as Record<string, unknown>;
      input.ReturnConsumedCapacity = 'TOTAL';
      const result = await next(args);
      const consumed = (result.output as { ConsumedCapacity?: Capacity | Capacity[] }).ConsumedCapacity;
      for (const c of Array.isArray(consumed) ? consumed : consumed ? [consumed] : [])
        total += c.CapacityUnits ?? 0;
      return result;
    },
    { step: 'initialize', name: 'benchCapacityMeter' },
  );
}

/** Request units consumed while `fn` runs (the bench runs one operation at a time). */
export async function measure<T>(fn: () => Promise<T>): Promise<{ result: T; ru: number }> {
  const before = total;
  const result = await fn();
  return { result, ru: total - before };
}

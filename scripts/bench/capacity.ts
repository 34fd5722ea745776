/**
 * Counts DynamoDB request units of everything the handlers in this process send, through a
 * middleware on the handlers' own module-level client (ElectroDB drops ConsumedCapacity).
 * DynamoDB Local 3.x under-reports TransactWriteItems with several items (it sums only the distinct
 * per-item capacities); scripts/bench/ledger.ts replays transactions item by item to work round it.
 */
import type { ConsumedCapacity } from '@aws-sdk/client-dynamodb';
import { dynamo } from '../../functions/src/lib/aws/dynamo.ts';

let total = 0;

interface Capacity {
  CapacityUnits?: number;
}

/** One DynamoDB call seen by the meter: the command's name and what it consumed, per table. */
export interface MeteredCall {
  command: string;
  /** The request as the caller sent it (document form, before marshalling). */
  input: Record<string, unknown>;
  capacity: ConsumedCapacity[];
}

const recorders = new Set<MeteredCall[]>();

/**
 * `detail` 'INDEXES' asks DynamoDB for the table/GSI split of every call (see `measureCalls`);
 * CapacityUnits, and so `measure`, is the same total either way.
 */
export function installCapacityMeter(detail: 'TOTAL' | 'INDEXES' = 'TOTAL'): void {
  dynamo().middlewareStack.add(
    (next, context) => async (args) => {
      const input = args.input as Record<string, unknown>;
      input.ReturnConsumedCapacity = detail;
      const result = await next(args);
      const consumed = (result.output as { ConsumedCapacity?: Capacity | Capacity[] }).ConsumedCapacity;
      const list = Array.isArray(consumed) ? consumed : consumed ? [consumed] : [];
      for (const c of list) total += c.CapacityUnits ?? 0;
      for (const calls of recorders)
        calls.push({
          command: context.commandName ?? 'unknown',
          input,
          capacity: list as ConsumedCapacity[],
        });
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

/** Like `measure`, with every DynamoDB call made while `fn` runs, in order. */
export async function measureCalls<T>(
  fn: () => Promise<T>,
): Promise<{ result: T; ru: number; calls: MeteredCall[] }> {
  const calls: MeteredCall[] = [];
  recorders.add(calls);
  try {
    const { result, ru } = await measure(fn);
    return { result, ru, calls };
  } finally {
    recorders.delete(calls);
  }
}

/** A conditional write refused by DynamoDB (ElectroDB wraps the SDK's error in `cause`). */
export function isConditionFailure(error: unknown): boolean {
  for (let e = error as { name?: string; cause?: unknown } | undefined, depth = 0; e && depth < 4; depth++) {
    if (e.name === 'ConditionalCheckFailedException') return true;
    e = e.cause as typeof e;
  }
  return false;
}

/**
 * The worker of a scheduled broadcast's chunks (manifest `queues`: broadcast-deliveries). Until
 * the fan-out lands it keeps every message (reported as failed, so nothing is lost).
 */
export const handler = async (event: { Records: { messageId: string }[] }) => ({
  batchItemFailures: event.Records.map((r) => ({ itemIdentifier: r.messageId })),
});

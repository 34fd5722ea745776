/**
 * SQS queues of the manifest (`queues`): sending work, and the consumer's wrapper. The queue
 * helper completes this module (the SQS client, `QUEUE_URL_<NAME>`, the handler wrapper with
 * partial batch failures); services depend only on these types.
 */

/** Sends work to a manifest queue (tests pass a fake). */
export interface QueueSender {
  /** Each body (JSON) becomes one message of the queue `name`, sent in batches of 10. */
  send(name: string, bodies: readonly Record<string, unknown>[]): Promise<void>;
}

/** One received message as a consumer sees it. */
export interface QueueMessage {
  messageId: string;
  /** The parsed JSON body. */
  body: unknown;
  /** How many times it has been received, this time included (SQS `ApproximateReceiveCount`). */
  receiveCount: number;
  /** The queue's `maxReceiveCount`: on this receive a failure sends it to the dead-letter queue. */
  maxReceiveCount: number;
}

/** The SQS sender of the function (the queue helper writes it: SendMessageBatch to `QUEUE_URL_<NAME>`). */
export function sqsQueueSender(): QueueSender {
  return {
    async send() {
      throw new Error('sqsQueueSender: coming with the queue commit');
    },
  };
}

interface SqsRecord {
  messageId: string;
  body: string;
  attributes?: { ApproximateReceiveCount?: string };
}

/**
 * The consumer of a manifest queue (placeholder until the queue helper's wrapper lands): each
 * record's JSON body to `run`; the records that fail are answered as `batchItemFailures`.
 */
export function queueHandler(name: string, run: (message: QueueMessage) => Promise<void>) {
  return async (event: { Records: SqsRecord[] }) => {
    const { queues } = await import('../manifest.ts');
    const maxReceiveCount = queues.find((q) => q.name === name)?.maxReceiveCount ?? 1;
    const failures: { itemIdentifier: string }[] = [];
    for (const record of event.Records) {
      try {
        await run({
          messageId: record.messageId,
          body: JSON.parse(record.body),
          receiveCount: Number(record.attributes?.ApproximateReceiveCount ?? 1),
          maxReceiveCount,
        });
      } catch {
        failures.push({ itemIdentifier: record.messageId });
      }
    }
    return { batchItemFailures: failures };
  };
}

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

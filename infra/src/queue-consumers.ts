/**
 * The manifest's queues of one area (`queues`): per queue an SQS queue (SQS-managed encryption,
 * TLS only, the largest message QUEUE_MAX_MESSAGE_BYTES, a visibility timeout of six times its
 * consumer's timeout), its dead-letter queue (14 days, after `maxReceiveCount` receives; alarmed on
 * its first message like the stream consumers' ones), and the consumer's event source mapping
 * (`batchSize`, ReportBatchItemFailures, `maxConcurrency`). Names are fixed (`queueNames`), so a
 * producer in any stack gets its ARN and URL without a reference (handler-function.ts, `queueSend`).
 */
import {
  handlerId,
  QUEUE_MAX_MESSAGE_BYTES,
  type QueueDef,
  queueNames,
  queueVisibilityTimeoutSeconds,
} from '@app/functions/manifest';
import { Duration } from 'aws-cdk-lib';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { type AppConfig, namePrefix } from './config.ts';
import type { HandlerFunction } from './handler-function.ts';
import { deadLetterAlarm } from './monitoring.ts';
import { acknowledge } from './nag.ts';

export interface QueueConsumersProps {
  config: AppConfig;
  queues: readonly { def: QueueDef; fn: HandlerFunction }[];
}

export class QueueConsumers extends Construct {
  /** Queue name (manifest) -> its queue and dead-letter queue. */
  readonly queues = new Map<string, { queue: sqs.Queue; deadLetters: sqs.Queue }>();

  constructor(scope: Construct, id: string, props: QueueConsumersProps) {
    super(scope, id);
    for (const { def, fn } of props.queues) {
      const names = queueNames(namePrefix(props.config), def.name);
      const queueId = handlerId(def.name);
      const deadLetters = new sqs.Queue(this, `${queueId}DeadLetters`, {
        queueName: names.deadLetters,
        encryption: sqs.QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        retentionPeriod: Duration.days(14),
        maxMessageSizeBytes: QUEUE_MAX_MESSAGE_BYTES,
      });
      acknowledge(
        deadLetters,
        'AwsSolutions-SQS3',
        `This queue is itself the dead-letter queue of ${names.queue}: an operator inspects and redrives what it holds.`,
      );
      deadLetterAlarm(deadLetters, props.config, deadLetters, handlerId(def.handler), `queue ${def.name}`);
      const queue = new sqs.Queue(this, queueId, {
        queueName: names.queue,
        encryption: sqs.QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        visibilityTimeout: Duration.seconds(queueVisibilityTimeoutSeconds(def)),
        maxMessageSizeBytes: QUEUE_MAX_MESSAGE_BYTES,
        deadLetterQueue: { queue: deadLetters, maxReceiveCount: def.maxReceiveCount },
      });
      fn.fn.addEventSource(
        new SqsEventSource(queue, {
          batchSize: def.batchSize,
          reportBatchItemFailures: true,
          maxConcurrency: def.maxConcurrency,
        }),
      );
      this.queues.set(def.name, { queue, deadLetters });
    }
  }
}

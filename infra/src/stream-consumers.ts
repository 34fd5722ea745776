/**
 * The table's DynamoDB Stream into the manifest's stream consumers: one event source mapping per
 * consumer with the consumer's event filter and `streamDelivery` (bisect on error, bounded
 * retries, maximum record age, partial batch responses), and an SQS dead-letter queue (the
 * mapping's on-failure destination) that keeps what could not be handled for 14 days; alarms on a
 * message in that queue and on the mapping's iterator age (monitoring.ts).
 */

import { filterPattern } from '@app/functions/lib/stream-filter';
import { handlerId, type StreamConsumerDef, streamDelivery } from '@app/functions/manifest';
import { Duration } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { AppConfig } from './config.ts';
import type { HandlerFunction } from './handler-function.ts';
import { deadLetterAlarm, iteratorAgeAlarm } from './monitoring.ts';
import { acknowledge } from './nag.ts';

export interface StreamConsumersProps {
  config: AppConfig;
  table: dynamodb.ITable;
  consumers: readonly { def: StreamConsumerDef; fn: HandlerFunction }[];
}

export class StreamConsumers extends Construct {
  /** Handler module -> its dead-letter queue. */
  readonly deadLetterQueues = new Map<string, sqs.Queue>();

  constructor(scope: Construct, id: string, props: StreamConsumersProps) {
    super(scope, id);
    for (const { def, fn: owner } of props.consumers) {
      const fn = owner.fn;
      const queue = new sqs.Queue(this, `${handlerId(def.handler)}DeadLetters`, {
        encryption: sqs.QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        retentionPeriod: Duration.days(14),
      });
      acknowledge(
        queue,
        'AwsSolutions-SQS3',
        'This queue is itself the dead-letter destination of the stream consumer: an operator inspects and replays what it holds.',
      );
      this.deadLetterQueues.set(def.handler, queue);
      // Alarms: a message in the dead-letter queue; the consumer falling behind the stream.
      deadLetterAlarm(queue, props.config, queue, handlerId(def.handler), `stream consumer ${def.handler}`);
      iteratorAgeAlarm(owner, props.config, fn, handlerId(def.handler));
      fn.addEventSource(
        new DynamoEventSource(props.table, {
          startingPosition: lambda.StartingPosition.TRIM_HORIZON,
          batchSize: streamDelivery.batchSize,
          bisectBatchOnError: streamDelivery.bisectOnError,
          retryAttempts: streamDelivery.maxRetries,
          maxRecordAge: Duration.seconds(streamDelivery.maxRecordAgeSeconds),
          reportBatchItemFailures: true,
          onFailure: new SqsDlq(queue),
          filters: [lambda.FilterCriteria.filter(filterPattern(def.filter) as Record<string, unknown>)],
        }),
      );
      // The mapping's stream read: DescribeStream, GetShardIterator and GetRecords on this table's
      // stream ARN, plus ListStreams, which IAM only grants on '*'.
      acknowledge(
        owner,
        'AwsSolutions-IAM5[Resource::*]',
        "dynamodb:ListStreams only: IAM has no resource-level permission for it; the records are read from this table's stream ARN alone.",
      );
    }
  }
}

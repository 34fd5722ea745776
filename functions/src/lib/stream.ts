/**
 * The wrapper of stream consumers (manifest.ts `streamConsumers`): middy with the logger's context,
 * each record's new image unmarshalled, records handled in stream order. The first record that
 * fails is answered as the batch item failure (Lambda, and the local poller, retry the batch from
 * it; records before it are done); the records after it are not attempted in this invocation.
 * Handlers must be idempotent: a record is delivered at least once. Each failure is counted in the
 * metric `StreamRecordFailures` with the consumer's name (lib/metrics.ts).
 */
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import middy from '@middy/core';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { logger } from './logger.ts';
import { recordStreamFailure } from './metrics.ts';
import { metricsFlush } from './metrics-flush.ts';

export interface StreamRecord {
  eventName: 'INSERT' | 'MODIFY' | 'REMOVE';
  /** The item after the change (NEW_IMAGE), unmarshalled; empty for REMOVE. */
  image: Record<string, unknown>;
  /** The item's primary key (`pk`, `sk`), present in every record, REMOVE included. */
  keys?: Record<string, unknown>;
  sequenceNumber: string;
  /** The record's unique id (a marker keyed by it makes a side effect happen once). */
  eventId?: string;
}

export function toStreamRecord(record: DynamoDBRecord): StreamRecord {
  const image = record.dynamodb?.NewImage;
  const keys = record.dynamodb?.Keys;
  const sequenceNumber = record.dynamodb?.SequenceNumber ?? '';
  return {
    eventName: record.eventName ?? 'INSERT',
    image: image ? unmarshall(image as Record<string, AttributeValue>) : {},
    keys: keys ? unmarshall(keys as Record<string, AttributeValue>) : {},
    sequenceNumber,
    eventId: record.eventID ?? sequenceNumber,
  };
}

/** Handles every record of a batch in order; answers the first failure for a retry from it. */
export async function handleRecords(
  name: string,
  event: DynamoDBStreamEvent,
  handle: (record: StreamRecord) => Promise<void>,
): Promise<DynamoDBBatchResponse> {
  for (const raw of event.Records ?? []) {
    const record = toStreamRecord(raw);
    try {
      await handle(record);
    } catch (error) {
      logger.error(`stream consumer ${name}: record failed`, {
        error: error as Error,
        sequenceNumber: record.sequenceNumber,
      });
      recordStreamFailure(name);
      return { batchItemFailures: [{ itemIdentifier: record.sequenceNumber }] };
    }
  }
  return { batchItemFailures: [] };
}

export function streamHandler(name: string, handle: (record: StreamRecord) => Promise<void>) {
  return middy(async (event: DynamoDBStreamEvent) => handleRecords(name, event, handle))
    .use(injectLambdaContext(logger, { resetKeys: true }))
    .use(metricsFlush());
}

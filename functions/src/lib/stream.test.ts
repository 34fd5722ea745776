import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { recordMetrics } from '../../test/helpers/metrics.ts';
import { METRIC } from './metric-names.ts';
import { handleRecords } from './stream.ts';
import { filterPattern, matchesPattern } from './stream-filter.ts';

const record = (eventName: DynamoDBRecord['eventName'], image: Record<string, unknown>, seq = '1') =>
  ({
    eventName,
    dynamodb: { SequenceNumber: seq, NewImage: marshall(image) },
  }) as DynamoDBRecord;

describe('stream filters', () => {
  const paidMessages = filterPattern({ entity: 'message', events: ['INSERT'], present: ['txId'] });

  it('are Lambda event filter patterns', () => {
    expect(paidMessages).toEqual({
      eventName: ['INSERT'],
      dynamodb: { NewImage: { __edb_e__: { S: ['message'] }, txId: { S: [{ exists: true }] } } },
    });
  });

  it('match the entity, the event and the attributes that must be present', () => {
    const paid = { __edb_e__: 'message', txId: 'tx', pk: 'a' };
    expect(matchesPattern(paidMessages, record('INSERT', paid))).toBe(true);
    expect(matchesPattern(paidMessages, record('MODIFY', paid))).toBe(false);
    expect(matchesPattern(paidMessages, record('INSERT', { __edb_e__: 'message', pk: 'a' }))).toBe(false);
    expect(matchesPattern(paidMessages, record('INSERT', { __edb_e__: 'notice', txId: 'tx' }))).toBe(false);
    expect(matchesPattern(paidMessages, { eventName: 'REMOVE', dynamodb: {} })).toBe(false);
    expect(matchesPattern({ a: { b: [{ exists: false }] } }, {})).toBe(true);
  });

  it('match values and absent attributes', () => {
    const completed = filterPattern({
      entity: 'payment',
      events: ['MODIFY'],
      equals: { state: 'completed' },
      absent: ['receiptSentAt'],
    });
    const item = { __edb_e__: 'payment', state: 'completed' };
    expect(matchesPattern(completed, record('MODIFY', item))).toBe(true);
    expect(matchesPattern(completed, record('MODIFY', { ...item, state: 'pending' }))).toBe(false);
    expect(matchesPattern(completed, record('MODIFY', { ...item, receiptSentAt: 'x' }))).toBe(false);
  });
});

describe('stream filters by key prefix (REMOVE records hold keys only)', () => {
  const favorites = filterPattern({ pkPrefix: 'favs#', events: ['INSERT', 'REMOVE'] });
  const keyed = (eventName: DynamoDBRecord['eventName'], pk: string, image?: Record<string, unknown>) =>
    ({
      eventName,
      dynamodb: { Keys: marshall({ pk, sk: 'to#c' }), ...(image ? { NewImage: marshall(image) } : {}) },
    }) as DynamoDBRecord;

  it('are a Lambda prefix rule on the partition key, with no image rule', () => {
    expect(favorites).toEqual({
      eventName: ['INSERT', 'REMOVE'],
      dynamodb: { Keys: { pk: { S: [{ prefix: 'favs#' }] } } },
    });
  });

  it('match INSERT and REMOVE of keys with the prefix only', () => {
    expect(matchesPattern(favorites, keyed('REMOVE', 'favs#f1'))).toBe(true);
    expect(matchesPattern(favorites, keyed('INSERT', 'favs#f1', { pk: 'favs#f1' }))).toBe(true);
    expect(matchesPattern(favorites, keyed('MODIFY', 'favs#f1', { pk: 'favs#f1' }))).toBe(false);
    expect(matchesPattern(favorites, keyed('REMOVE', 'likes#f1'))).toBe(false);
    expect(matchesPattern(favorites, { eventName: 'REMOVE', dynamodb: {} })).toBe(false);
  });
});

describe('handleRecords', () => {
  it('answers the first failing record as the batch item failure and stops there', async () => {
    const seen: string[] = [];
    const answer = await handleRecords(
      'test',
      { Records: ['1', '2', '3'].map((seq) => record('INSERT', { n: seq }, seq)) },
      async (r) => {
        seen.push(`${r.sequenceNumber}:${r.image.n}`);
        if (r.sequenceNumber === '2') throw new Error('boom');
      },
    );
    expect(answer).toEqual({ batchItemFailures: [{ itemIdentifier: '2' }] });
    expect(seen).toEqual(['1:1', '2:2']);
  });

  it('records a failure metric with the consumer’s name for the failing record', async () => {
    const spy = recordMetrics();
    try {
      await handleRecords('chat-notices', { Records: [record('INSERT', { n: 1 })] }, async () => {});
      expect(spy.recorded()).toEqual([]);
      await handleRecords('chat-notices', { Records: [record('INSERT', { n: 1 })] }, async () => {
        throw new Error('boom');
      });
      expect(spy.recorded()).toEqual([
        { name: METRIC.streamRecordFailures, value: 1, dimensions: { consumer: 'chat-notices' } },
      ]);
    } finally {
      spy.stop();
    }
  });

  it('answers no failure when every record is handled', async () => {
    expect(await handleRecords('test', { Records: [record('INSERT', { n: 1 })] }, async () => {})).toEqual({
      batchItemFailures: [],
    });
  });
});

import { SendMessageBatchCommand, type SendMessageBatchCommandInput } from '@aws-sdk/client-sqs';
import type { SQSEvent, SQSRecord } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { recordMetrics } from '../../test/helpers/metrics.ts';
import { queues } from '../manifest.ts';
import { queueUrlVariable } from './env.ts';
import { METRIC } from './metric-names.ts';
import {
  handleQueueRecords,
  queueDef,
  queueHandler,
  SEND_BATCH_BYTES,
  sendBatches,
  sqsQueueSender,
} from './queue.ts';

const URL = 'https://sqs.ap-northeast-1.amazonaws.com/000000000000/kinoko-test-work';

type Answer = { Failed?: { Id: string; SenderFault: boolean; Code: string; Message?: string }[] };

/** A fake SQS client: records every SendMessageBatch input and answers with `answer(input, call)`. */
function fakeClient(answer: (input: SendMessageBatchCommandInput, call: number) => Answer = () => ({})) {
  const calls: SendMessageBatchCommandInput[] = [];
  return {
    calls,
    client: {
      send: async (command: unknown) => {
        if (!(command instanceof SendMessageBatchCommand)) throw new Error('unexpected command');
        calls.push(command.input);
        return answer(command.input, calls.length) as never;
      },
    },
  };
}

describe('queueUrlVariable', () => {
  it('is QUEUE_URL_ and the name in upper snake case', () => {
    expect(queueUrlVariable('broadcast-deliveries')).toBe('QUEUE_URL_BROADCAST_DELIVERIES');
  });
});

describe('sqsQueueSender', () => {
  const variable = queueUrlVariable('work');
  beforeEach(() => {
    process.env[variable] = URL;
  });
  afterEach(() => {
    delete process.env[variable];
  });

  it('sends the bodies as JSON in batches of 10, every body once, to QUEUE_URL_<NAME>', async () => {
    const { client, calls } = fakeClient();
    const bodies = Array.from({ length: 23 }, (_, i) => ({ chunk: i }));
    await sqsQueueSender(client).send('work', bodies);
    expect(calls.map((c) => c.Entries?.length).sort()).toEqual([10, 10, 3]);
    expect(calls.every((c) => c.QueueUrl === URL)).toBe(true);
    const sent = calls.flatMap((c) => (c.Entries ?? []).map((e) => JSON.parse(e.MessageBody ?? '')));
    expect(sent.sort((a, b) => a.chunk - b.chunk)).toEqual(bodies);
    for (const call of calls) {
      const ids = (call.Entries ?? []).map((e) => e.Id);
      expect(new Set(ids).size).toBe(ids.length);
    }
  });

  it('cuts batches at 1 MiB as well', () => {
    const big = 'x'.repeat(200_000);
    const batches = sendBatches(Array.from({ length: 7 }, () => big));
    expect(batches.map((b) => b.length)).toEqual([5, 2]);
    for (const b of batches)
      expect(b.reduce((n, s) => n + s.length, 0)).toBeLessThanOrEqual(SEND_BATCH_BYTES);
  });

  it('sends nothing for no bodies', async () => {
    const { client, calls } = fakeClient();
    await sqsQueueSender(client).send('work', []);
    expect(calls).toHaveLength(0);
  });

  it('resends only the entries reported failed', async () => {
    const { client, calls } = fakeClient((input, call) =>
      call === 1
        ? {
            Failed: (input.Entries ?? [])
              .filter((e) => e.Id === '1' || e.Id === '4')
              .map((e) => ({ Id: e.Id as string, SenderFault: false, Code: 'InternalError' })),
          }
        : {},
    );
    await sqsQueueSender(client).send(
      'work',
      Array.from({ length: 5 }, (_, i) => ({ i })),
    );
    expect(calls).toHaveLength(2);
    expect(calls[1]?.Entries?.map((e) => JSON.parse(e.MessageBody ?? '').i)).toEqual([1, 4]);
  });

  it('fails when entries still fail after the resends', async () => {
    const { client, calls } = fakeClient((input) => ({
      Failed: [{ Id: input.Entries?.[0]?.Id as string, SenderFault: false, Code: 'InternalError' }],
    }));
    await expect(sqsQueueSender(client).send('work', [{ a: 1 }, { a: 2 }])).rejects.toThrow(
      /1 of 1 entries failed \(InternalError/,
    );
    expect(calls).toHaveLength(3);
  });

  it('fails at once on the sender’s fault (resending would fail the same way)', async () => {
    const { client, calls } = fakeClient(() => ({
      Failed: [{ Id: '0', SenderFault: true, Code: 'InvalidParameterValue', Message: 'too long' }],
    }));
    await expect(sqsQueueSender(client).send('work', [{ a: 1 }])).rejects.toThrow(/InvalidParameterValue/);
    expect(calls).toHaveLength(1);
  });

  it('fails loudly without QUEUE_URL_<NAME> (a handler that is not a producer)', async () => {
    const { client } = fakeClient();
    await expect(sqsQueueSender(client).send('other-queue', [{ a: 1 }])).rejects.toThrow(
      'QUEUE_URL_OTHER_QUEUE',
    );
  });
});

const record = (messageId: string, body: string, receiveCount = 1): SQSRecord => ({
  messageId,
  receiptHandle: `rh-${messageId}`,
  body,
  attributes: {
    ApproximateReceiveCount: String(receiveCount),
    SentTimestamp: '1700000000000',
    SenderId: 'local',
    ApproximateFirstReceiveTimestamp: '1700000000001',
  },
  messageAttributes: {},
  md5OfBody: '',
  eventSource: 'aws:sqs',
  eventSourceARN: 'arn:aws:sqs:ap-northeast-1:000000000000:kinoko-test-work',
  awsRegion: 'ap-northeast-1',
});

describe('handleQueueRecords', () => {
  const def = { name: 'work', maxReceiveCount: 5 };

  it('runs every record with its parsed body and receive counts; answers no failures when all pass', async () => {
    const seen: unknown[] = [];
    const answer = await handleQueueRecords(
      def,
      { Records: [record('a', '{"n":1}', 1), record('b', '{"n":2}', 3)] },
      async (m) => {
        seen.push(m);
      },
    );
    expect(answer).toEqual({ batchItemFailures: [] });
    expect(seen).toEqual([
      { messageId: 'a', body: { n: 1 }, receiveCount: 1, maxReceiveCount: 5 },
      { messageId: 'b', body: { n: 2 }, receiveCount: 3, maxReceiveCount: 5 },
    ]);
  });

  it('answers exactly the failed records, unparseable bodies included, and counts them', async () => {
    const metrics = recordMetrics();
    try {
      const event: SQSEvent = {
        Records: [
          record('a', '{"ok":true}'),
          record('b', '{"ok":false}'),
          record('c', 'not json'),
          record('d', '{}'),
        ],
      };
      const ran: string[] = [];
      const answer = await handleQueueRecords(def, event, async (m) => {
        ran.push(m.messageId);
        if ((m.body as { ok?: boolean }).ok === false) throw new Error('boom');
      });
      expect(answer.batchItemFailures.map((f) => f.itemIdentifier).sort()).toEqual(['b', 'c']);
      expect(ran.sort()).toEqual(['a', 'b', 'd']);
      const failures = metrics.recorded().filter((m) => m.name === METRIC.queueMessageFailures);
      expect(failures).toHaveLength(2);
      expect(failures[0]?.dimensions).toEqual({ queue: 'work' });
    } finally {
      metrics.stop();
    }
  });

  it('runs the records of a batch concurrently, a few at a time', async () => {
    let running = 0;
    let most = 0;
    await handleQueueRecords(
      def,
      { Records: Array.from({ length: 10 }, (_, i) => record(String(i), '{}')) },
      async () => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((r) => setTimeout(r, 5));
        running -= 1;
      },
    );
    expect(most).toBeGreaterThan(1);
    expect(most).toBeLessThanOrEqual(4);
  });
});

describe('queueHandler', () => {
  it('is the middy handler of a manifest queue, answering batchItemFailures', async () => {
    const name = queues[0]?.name as string;
    const handler = queueHandler(name, async (m) => {
      if (m.receiveCount >= m.maxReceiveCount) throw new Error('last try fails');
    });
    const max = queueDef(name).maxReceiveCount;
    const answer = await handler({ Records: [record('x', '{}', 1), record('y', '{}', max)] }, {} as never);
    expect(answer).toEqual({ batchItemFailures: [{ itemIdentifier: 'y' }] });
  });

  it('refuses a queue the manifest does not have', () => {
    expect(() => queueHandler('no-such-queue', async () => {})).toThrow(/No queue 'no-such-queue'/);
  });
});

/**
 * The manifest's SQS queues in AWS (queue-consumers.ts): each encrypted, TLS only, with its
 * visibility timeout of six times the consumer's timeout and its dead-letter queue after
 * `maxReceiveCount` receives; the consumer's event source mapping with the batch size, partial batch
 * responses and maximum concurrency; exactly its producers may send to it and know its URL.
 */
import { queueUrlVariable } from '@app/functions/lib/env';
import {
  handlerId,
  QUEUE_MAX_MESSAGE_BYTES,
  queues,
  queueVisibilityTimeoutSeconds,
} from '@app/functions/manifest';
import { Match } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { namePrefix } from '../src/config.ts';
import { apiResourcesOf, resourcesOf, type SynthResult, synthApp } from './synth.ts';

type Resource = { Type: string; Properties: Record<string, unknown> };

let synth: SynthResult;
beforeAll(() => {
  synth = synthApp();
});

const json = (value: unknown) => JSON.stringify(value);

function queueResource(name: string): [string, Resource] {
  const found = Object.entries(apiResourcesOf(synth, 'AWS::SQS::Queue')).find(
    ([, q]) => q.Properties.QueueName === name,
  );
  if (!found) throw new Error(`no queue ${name}`);
  return found;
}

function functionOf(handler: string): [string, Resource] {
  const found = Object.entries(apiResourcesOf(synth, 'AWS::Lambda::Function')).find(
    ([, f]) => f.Properties.Description === handler,
  );
  if (!found) throw new Error(`no function for ${handler}`);
  return found;
}

function statementsOf(handler: string): { Action: string | string[]; Resource: unknown }[] {
  const [, fn] = functionOf(handler);
  const roleId = (fn.Properties.Role as { 'Fn::GetAtt': string[] })['Fn::GetAtt'][0] as string;
  const role = apiResourcesOf(synth, 'AWS::IAM::Role')[roleId];
  if (!role) throw new Error(`no role ${roleId}`);
  return (role.Properties.Policies as { PolicyDocument: { Statement: never[] } }[]).flatMap(
    (p) => p.PolicyDocument.Statement,
  );
}

describe.each(queues.map((q) => [q.name, q] as const))('queue %s', (_name, def) => {
  const prefix = () => namePrefix(synth.config);

  it('is encrypted, TLS only, sized, with six times its consumer’s timeout as visibility and its dead-letter queue', () => {
    const [dlqId, dlq] = queueResource(`${prefix()}-${def.name}-dead-letters`);
    const [queueId, queue] = queueResource(`${prefix()}-${def.name}`);
    expect(queue.Properties).toMatchObject({
      SqsManagedSseEnabled: true,
      VisibilityTimeout: queueVisibilityTimeoutSeconds(def),
      MaximumMessageSize: QUEUE_MAX_MESSAGE_BYTES,
      RedrivePolicy: {
        deadLetterTargetArn: { 'Fn::GetAtt': [dlqId, 'Arn'] },
        maxReceiveCount: def.maxReceiveCount,
      },
    });
    expect(queueVisibilityTimeoutSeconds(def)).toBe(6 * def.timeoutSeconds);
    expect(dlq.Properties).toMatchObject({ SqsManagedSseEnabled: true, MessageRetentionPeriod: 14 * 86_400 });
    const template = synth.areaTemplates.get(def.area);
    if (!template) throw new Error(`no stack for ${def.area}`);
    for (const id of [queueId, dlqId]) {
      const policies = Object.values(resourcesOf(template, 'AWS::SQS::QueuePolicy')).filter((p) =>
        json(p.Properties.Queues).includes(id),
      );
      expect(policies, id).toHaveLength(1);
      expect(json(policies[0]?.Properties.PolicyDocument)).toContain('"aws:SecureTransport":"false"');
    }
    // The dead-letter queue's alarm on its first message.
    const alarms = Object.values(resourcesOf(template, 'AWS::CloudWatch::Alarm')).filter(
      (a) =>
        a.Properties.MetricName === 'ApproximateNumberOfMessagesVisible' &&
        json(a.Properties.Dimensions).includes(dlqId),
    );
    expect(alarms).toHaveLength(1);
    expect(alarms[0]?.Properties.Threshold).toBe(1);
  });

  it('is consumed by its handler: batch size, partial batch responses, maximum concurrency, the queue’s timeout', () => {
    const [queueId] = queueResource(`${prefix()}-${def.name}`);
    const template = synth.areaTemplates.get(def.area);
    template?.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: Match.stringLikeRegexp(`^${handlerId(def.handler)}Function`) },
      EventSourceArn: { 'Fn::GetAtt': [queueId, 'Arn'] },
      BatchSize: def.batchSize,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      ScalingConfig: { MaximumConcurrency: def.maxConcurrency },
    });
    const [, fn] = functionOf(def.handler);
    expect(fn.Properties.Timeout).toBe(def.timeoutSeconds);
    // The mapping receives and deletes with the consumer's role; the consumer sends nothing.
    const actions = statementsOf(def.handler).flatMap((s) => [s.Action].flat());
    expect(actions).toEqual(expect.arrayContaining(['sqs:ReceiveMessage', 'sqs:DeleteMessage']));
    expect(actions).not.toContain('sqs:SendMessage');
  });

  it('may be sent to by exactly its producers, which alone get its URL', () => {
    const variable = queueUrlVariable(def.name);
    const producers = Object.values(apiResourcesOf(synth, 'AWS::Lambda::Function')).filter((f) =>
      def.producers.includes(f.Properties.Description as string),
    );
    expect(producers.length).toBeGreaterThan(0);
    for (const f of Object.values(apiResourcesOf(synth, 'AWS::Lambda::Function'))) {
      const handler = f.Properties.Description as string;
      const vars = (f.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
      const sends = statementsOf(handler).filter((s) => [s.Action].flat().includes('sqs:SendMessage'));
      const toThisQueue = sends.filter((s) => json(s.Resource).includes(`:${prefix()}-${def.name}"`));
      if (def.producers.includes(handler)) {
        expect(json(vars[variable]), handler).toMatch(
          new RegExp(`https://sqs\\..*/${prefix()}-${def.name}"`),
        );
        expect(toThisQueue, handler).toHaveLength(1);
      } else {
        expect(vars[variable], handler).toBeUndefined();
        expect(toThisQueue, handler).toHaveLength(0);
      }
    }
  });
});

/**
 * The event pipeline in AWS: the table's stream (new images) into each stream consumer of the
 * manifest through an event source mapping with its filter, bisecting retries, a maximum record
 * age, partial batch responses and an SQS dead-letter queue; least-privilege roles.
 */
import { filterPattern } from '@app/functions/lib/stream-filter';
import {
  handlerId,
  queues as manifestQueues,
  streamConsumers,
  streamDelivery,
} from '@app/functions/manifest';
import { Match } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiResourcesOf, resourcesOf, type SynthResult, synthApp } from './synth.ts';

let synth: SynthResult;
beforeAll(() => {
  synth = synthApp();
});

const json = (value: unknown) => JSON.stringify(value);

interface Statement {
  Effect: string;
  Action: string | string[];
  Resource: unknown;
}

/** The statements of the role of the function whose description is `handler` (inline in the role). */
function statementsOfHandler(handler: string): Statement[] {
  const [fnId, fn] =
    Object.entries(apiResourcesOf(synth, 'AWS::Lambda::Function')).find(
      ([, f]) => f.Properties.Description === handler,
    ) ?? [];
  if (!fnId || !fn) throw new Error(`no function for ${handler}`);
  const roleId = (fn.Properties.Role as { 'Fn::GetAtt': string[] })['Fn::GetAtt'][0] as string;
  const role = apiResourcesOf(synth, 'AWS::IAM::Role')[roleId];
  if (!role) throw new Error(`no role ${roleId}`);
  // Every statement is in the role: no separate policy names it.
  for (const policy of Object.values(apiResourcesOf(synth, 'AWS::IAM::Policy')))
    expect(json(policy.Properties.Roles)).not.toContain(`"${roleId}"`);
  return (role.Properties.Policies as { PolicyDocument: { Statement: Statement[] } }[]).flatMap(
    (p) => p.PolicyDocument.Statement,
  );
}

describe('the table stream', () => {
  it('sends new images', () => {
    synth.templates.data.hasResourceProperties('AWS::DynamoDB::Table', {
      StreamSpecification: { StreamViewType: 'NEW_IMAGE' },
    });
  });
});

describe('stream consumers', () => {
  it('has one mapping per consumer with its filter, bisecting retries, record age and a dead-letter queue', () => {
    expect(streamConsumers.length).toBeGreaterThan(0);
    const mappings = Object.values(apiResourcesOf(synth, 'AWS::Lambda::EventSourceMapping')).filter(
      (m) => m.Properties.StartingPosition !== undefined,
    );
    expect(mappings).toHaveLength(streamConsumers.length);
    for (const consumer of streamConsumers) {
      // In the stack of the consumer's area, on its function.
      const template = synth.areaTemplates.get(consumer.area);
      if (!template) throw new Error(`no stack for ${consumer.area}`);
      template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
        FunctionName: { Ref: Match.stringLikeRegexp(`^${handlerId(consumer.handler)}Function`) },
        EventSourceArn: Match.anyValue(),
        StartingPosition: 'TRIM_HORIZON',
        BatchSize: streamDelivery.batchSize,
        BisectBatchOnFunctionError: true,
        MaximumRetryAttempts: streamDelivery.maxRetries,
        MaximumRecordAgeInSeconds: streamDelivery.maxRecordAgeSeconds,
        FunctionResponseTypes: ['ReportBatchItemFailures'],
        FilterCriteria: { Filters: [{ Pattern: json(filterPattern(consumer.filter)) }] },
        DestinationConfig: { OnFailure: { Destination: Match.anyValue() } },
      });
    }
    // The source is the table's stream, the failure destination an SQS queue of the same stack.
    for (const template of synth.areaTemplates.values()) {
      const queueIds = Object.keys(resourcesOf(template, 'AWS::SQS::Queue'));
      const streamMappings = Object.values(resourcesOf(template, 'AWS::Lambda::EventSourceMapping')).filter(
        (m) => m.Properties.StartingPosition !== undefined,
      );
      for (const mapping of streamMappings) {
        expect(json(mapping.Properties.EventSourceArn)).toContain('StreamArn');
        const destination = json(mapping.Properties.DestinationConfig);
        expect(queueIds.some((id) => destination.includes(id))).toBe(true);
      }
    }
  });

  it('keeps dead letters 14 days in encrypted queues reachable only over TLS', () => {
    // The stream consumers' dead-letter queues (the manifest's queues have tests of their own, queues.test.ts).
    const queues = Object.values(apiResourcesOf(synth, 'AWS::SQS::Queue')).filter(
      (q) => q.Properties.QueueName === undefined,
    );
    expect(queues).toHaveLength(streamConsumers.length);
    for (const queue of queues) {
      expect(queue.Properties.MessageRetentionPeriod).toBe(14 * 86_400);
      expect(queue.Properties.SqsManagedSseEnabled).toBe(true);
    }
    const policies = Object.values(apiResourcesOf(synth, 'AWS::SQS::QueuePolicy'));
    expect(policies).toHaveLength(streamConsumers.length + 2 * manifestQueues.length);
    for (const policy of policies)
      expect(json(policy.Properties.PolicyDocument)).toContain('"aws:SecureTransport":"false"');
  });

  it('lets the chat notices consumer read, create items, read the stream and dead-letter, nothing more', () => {
    const statements = statementsOfHandler('streams/chat-notices');
    const actions = statements.flatMap((s) => [s.Action].flat()).sort();
    expect(actions).toEqual(
      expect.arrayContaining([
        'dynamodb:GetItem',
        'dynamodb:Query',
        'dynamodb:PutItem',
        'dynamodb:GetRecords',
        'dynamodb:GetShardIterator',
        'dynamodb:DescribeStream',
        'sqs:SendMessage',
      ]),
    );
    for (const forbidden of ['dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'])
      expect(actions).not.toContain(forbidden);
    expect(actions.some((a) => a.startsWith('secretsmanager:') || a.startsWith('ses:'))).toBe(false);
    const put = statements.find((s) => [s.Action].flat().includes('dynamodb:PutItem'));
    expect(json(put?.Resource)).not.toContain('index');
  });

  it('lets the purchase receipts consumer read, mark the payment and mail, nothing more', () => {
    const statements = statementsOfHandler('streams/purchase-receipts');
    // What it may do (the audit log's Deny names actions it may not).
    const actions = statements.filter((s) => s.Effect !== 'Deny').flatMap((s) => [s.Action].flat());
    expect(actions).toEqual(
      expect.arrayContaining([
        'dynamodb:GetItem',
        'dynamodb:UpdateItem',
        'ses:SendEmail',
        'dynamodb:GetRecords',
      ]),
    );
    for (const forbidden of ['dynamodb:PutItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'])
      expect(actions).not.toContain(forbidden);
    expect(actions.some((a) => a.startsWith('secretsmanager:'))).toBe(false);
  });
});

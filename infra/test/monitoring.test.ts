/**
 * Operations: every alarm exists with its metric and notifies the one alarm topic; every
 * dead-letter queue has its alarm; every schedule retries and then dead-letters; every stream
 * mapping has its on-failure destination; the dashboard shows every alarm. Generic over the
 * manifest, so consumers and jobs added later are covered by the same assertions.
 */
import { METRIC, METRICS_SERVICE } from '@app/functions/lib/metric-names';
import { handlerId, manifest, scheduleDelivery, streamDelivery } from '@app/functions/manifest';
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ALARMS,
  alarmTopicName,
  metricsNamespace,
  namePrefix,
  schedulerDeadLetterQueueName,
} from '../src/config.ts';
import { grantsFor } from '../src/grants.ts';
import { ALARM_NAME } from '../src/monitoring.ts';
import { stageAlarmNames } from '../src/monitoring-stack.ts';
import { allTemplates, apiResourcesOf, resourcesOf, type SynthResult, synthApp } from './synth.ts';

let synth: SynthResult;
beforeAll(() => {
  synth = synthApp();
});

const json = (value: unknown) => JSON.stringify(value);
type Resource = { Type: string; Properties: Record<string, unknown> };

/** Every alarm of the app (all stacks and nested stacks) by its name. */
function alarmsByName(): Map<string, Resource> {
  const out = new Map<string, Resource>();
  for (const [, template] of allTemplates(synth)) {
    for (const alarm of Object.values(resourcesOf(template, 'AWS::CloudWatch::Alarm'))) {
      out.set(alarm.Properties.AlarmName as string, alarm);
    }
  }
  return out;
}

function alarm(name: string): Resource {
  const found = alarmsByName().get(`${namePrefix(synth.config)}-${name}`);
  if (!found) throw new Error(`no alarm ${name}`);
  return found;
}

/** The alarm notifies the stage's alarm topic (by its ARN, built from its fixed name) when firing and on recovery. */
function expectNotifiesTopic(a: Resource): void {
  for (const key of ['AlarmActions', 'OKActions']) {
    const actions = json(a.Properties[key]);
    expect(actions, key).toContain(`:${alarmTopicName(synth.config)}`);
    expect(actions, key).toContain('arn:');
  }
}

/** The metrics an alarm reads (its own, or those of its metric math), as namespace/name pairs. */
function metricsOf(a: Resource): { ns: string; name: string; dims: Record<string, unknown> }[] {
  const dims = (list: unknown) =>
    Object.fromEntries(((list as { Name: string; Value: unknown }[]) ?? []).map((d) => [d.Name, d.Value]));
  if (a.Properties.MetricName) {
    return [
      {
        ns: a.Properties.Namespace as string,
        name: a.Properties.MetricName as string,
        dims: dims(a.Properties.Dimensions),
      },
    ];
  }
  return ((a.Properties.Metrics as { MetricStat?: { Metric: Record<string, unknown> } }[]) ?? [])
    .filter((m) => m.MetricStat)
    .map((m) => {
      const metric = m.MetricStat?.Metric as Record<string, unknown>;
      return {
        ns: metric.Namespace as string,
        name: metric.MetricName as string,
        dims: dims(metric.Dimensions),
      };
    });
}

const handlers = [
  ...new Set(
    [
      ...manifest.httpRoutes,
      ...manifest.wsRoutes,
      ...manifest.jobs,
      ...manifest.streamConsumers,
      ...manifest.queues,
    ].map((e) => e.handler),
  ),
];

describe('the alarm topic', () => {
  it('is one encrypted SNS topic with its fixed name, publishable by CloudWatch', () => {
    const t = synth.templates.alarms;
    t.resourceCountIs('AWS::SNS::Topic', 1);
    t.hasResourceProperties('AWS::SNS::Topic', {
      TopicName: alarmTopicName(synth.config),
      KmsMasterKeyId: Match.anyValue(),
    });
    t.hasResourceProperties('AWS::KMS::Key', { EnableKeyRotation: true });
    expect(json(t.toJSON())).toContain('cloudwatch.amazonaws.com');
  });

  it('is deployed before every stack whose alarms name it', () => {
    const deps = (s: { dependencies: { stackName: string }[] }) => s.dependencies.map((d) => d.stackName);
    for (const stack of [synth.stacks.api, synth.stacks.jobs, synth.stacks.monitoring]) {
      expect(deps(stack), stack.stackName).toContain(synth.stacks.alarms.stackName);
    }
  });
});

describe('alarms', () => {
  it('every alarm notifies the topic and has a threshold from config', () => {
    const all = alarmsByName();
    expect(all.size).toBe(stageAlarmNames(manifest).length);
    for (const [name, a] of all) {
      expect(name.startsWith(`${namePrefix(synth.config)}-`), name).toBe(true);
      expectNotifiesTopic(a);
      expect(a.Properties.ComparisonOperator, name).toBe('GreaterThanOrEqualToThreshold');
    }
  });

  it('watches errors and throttles of every function of the manifest', () => {
    expect(handlers.length).toBeGreaterThan(40);
    for (const handler of handlers) {
      const id = handlerId(handler);
      for (const [name, metric, rule] of [
        [ALARM_NAME.lambdaErrors(id), 'Errors', ALARMS.lambdaErrors],
        [ALARM_NAME.lambdaThrottles(id), 'Throttles', ALARMS.lambdaThrottles],
      ] as const) {
        const a = alarm(name);
        expect(metricsOf(a), name).toEqual([
          { ns: 'AWS/Lambda', name: metric, dims: { FunctionName: { Ref: expect.any(String) } } },
        ]);
        expect(a.Properties.Threshold, name).toBe(rule.count);
      }
    }
  });

  it('watches the HTTP API 5xx rate (5xx over requests) and WebSocket errors', () => {
    const http = alarm(ALARM_NAME.httpServerErrors);
    expect(
      metricsOf(http)
        .map((m) => `${m.ns}/${m.name}`)
        .sort(),
    ).toEqual(['AWS/ApiGateway/5xx', 'AWS/ApiGateway/Count']);
    expect(json(http.Properties.Metrics)).toContain(`requests >= ${ALARMS.httpServerErrors.minRequests}`);
    expect(http.Properties.Threshold).toBe(ALARMS.httpServerErrors.percent);
    const ws = alarm(ALARM_NAME.webSocketErrors);
    expect(
      metricsOf(ws)
        .map((m) => m.name)
        .sort(),
    ).toEqual(['ExecutionError', 'IntegrationError']);
    for (const m of metricsOf(ws)) expect(Object.keys(m.dims).sort()).toEqual(['ApiId', 'Stage']);
  });

  it('watches the table for throttles and system errors', () => {
    const throttles = metricsOf(alarm(ALARM_NAME.dynamoThrottles));
    expect(new Set(throttles.map((m) => `${m.ns}/${m.name}`))).toEqual(
      new Set(['AWS/DynamoDB/ThrottledRequests']),
    );
    const errors = metricsOf(alarm(ALARM_NAME.dynamoSystemErrors));
    expect(new Set(errors.map((m) => `${m.ns}/${m.name}`))).toEqual(new Set(['AWS/DynamoDB/SystemErrors']));
    for (const m of [...throttles, ...errors])
      expect(Object.keys(m.dims).sort()).toEqual(['Operation', 'TableName']);
    expect(errors.map((m) => m.dims.Operation)).toContain('TransactWriteItems');
  });

  it("watches payments pending past the reconciler's window from the reconciler's metric; no report breaches", () => {
    const a = alarm(ALARM_NAME.paymentsPending);
    expect(metricsOf(a)).toEqual([
      {
        ns: metricsNamespace(synth.config),
        name: METRIC.paymentsPendingPastWindow,
        dims: { service: METRICS_SERVICE },
      },
    ]);
    expect(a.Properties.Statistic).toBe('Maximum');
    expect(a.Properties.TreatMissingData).toBe('breaching');
    expect(a.Properties.EvaluationPeriods).toBe(ALARMS.paymentsPending.evaluationPeriods);
  });

  it('watches the iterator age of every stream consumer', () => {
    expect(manifest.streamConsumers.length).toBeGreaterThan(0);
    for (const consumer of manifest.streamConsumers) {
      const a = alarm(ALARM_NAME.streamIteratorAge(handlerId(consumer.handler)));
      expect(metricsOf(a)).toEqual([
        { ns: 'AWS/Lambda', name: 'IteratorAge', dims: { FunctionName: { Ref: expect.any(String) } } },
      ]);
      expect(a.Properties.Threshold).toBe(ALARMS.streamIteratorAge.milliseconds);
    }
  });

  it('watches scheduler target failures and dropped invocations of the stage’s group', () => {
    const errors = metricsOf(alarm(ALARM_NAME.schedulerTargetErrors));
    expect(errors).toEqual([
      { ns: 'AWS/Scheduler', name: 'TargetErrorCount', dims: { ScheduleGroup: namePrefix(synth.config) } },
    ]);
    const dropped = metricsOf(alarm(ALARM_NAME.schedulerDropped))
      .map((m) => m.name)
      .sort();
    expect(dropped).toEqual(['InvocationDroppedCount', 'InvocationsFailedToBeSentToDeadLetterCount']);
  });
});

describe('dead-letter queues', () => {
  /** Every SQS queue of the app with the template that holds it. */
  function queues(): { template: Template; id: string; queue: Resource }[] {
    return allTemplates(synth).flatMap(([, template]) =>
      Object.entries(resourcesOf(template, 'AWS::SQS::Queue')).map(([id, queue]) => ({
        template,
        id,
        queue,
      })),
    );
  }

  it('exist for every stream consumer, every manifest queue and the scheduler, and are all the queues there are', () => {
    // A manifest queue and its dead-letter queue: two each.
    expect(queues()).toHaveLength(manifest.streamConsumers.length + 2 * manifest.queues.length + 1);
    synth.templates.jobs.hasResourceProperties('AWS::SQS::Queue', {
      QueueName: schedulerDeadLetterQueueName(synth.config),
      MessageRetentionPeriod: 14 * 86_400,
    });
  });

  it('each has an alarm on any visible message, to the topic', () => {
    // The manifest's work queues are not dead-letter queues (their DLQs are among these).
    const deadLetterQueues = queues().filter(
      ({ queue }) =>
        !manifest.queues.some((q) => String(queue.Properties.QueueName ?? '').endsWith(`-${q.name}`)),
    );
    expect(deadLetterQueues).toHaveLength(manifest.streamConsumers.length + manifest.queues.length + 1);
    for (const { template, id } of deadLetterQueues) {
      const alarms = Object.values(resourcesOf(template, 'AWS::CloudWatch::Alarm')).filter(
        (a) =>
          a.Properties.MetricName === 'ApproximateNumberOfMessagesVisible' &&
          json(a.Properties.Dimensions).includes(id),
      );
      expect(alarms, id).toHaveLength(1);
      const [a] = alarms as [Resource];
      expect(a.Properties.Threshold).toBe(1);
      expect(a.Properties.Statistic).toBe('Maximum');
      expect(a.Properties.TreatMissingData).toBe('ignore');
      expectNotifiesTopic(a);
    }
  });
});

describe('retries and dead letters', () => {
  it('every schedule retries, then sends to the scheduler dead-letter queue, which the scheduler role may write', () => {
    const schedules = Object.values(resourcesOf(synth.templates.jobs, 'AWS::Scheduler::Schedule'));
    expect(schedules).toHaveLength(manifest.jobs.filter((j) => j.recurring).length);
    const [queueId] = Object.keys(resourcesOf(synth.templates.jobs, 'AWS::SQS::Queue'));
    for (const s of schedules) {
      const target = s.Properties.Target as Record<string, unknown>;
      expect(target.RetryPolicy).toEqual({
        MaximumRetryAttempts: scheduleDelivery.maxRetries,
        MaximumEventAgeInSeconds: scheduleDelivery.maxEventAgeSeconds,
      });
      expect(target.DeadLetterConfig).toEqual({ Arn: { 'Fn::GetAtt': [queueId, 'Arn'] } });
    }
    const policies = json(resourcesOf(synth.templates.jobs, 'AWS::IAM::Policy'));
    expect(policies).toContain('sqs:SendMessage');
    expect(policies).toContain(queueId);
  });

  it('functions that create schedules at run time are given the scheduler role and dead-letter queue, others not', () => {
    const functions = Object.values(apiResourcesOf(synth, 'AWS::Lambda::Function'));
    const withGrant = functions.filter((f) =>
      grantsFor(f.Properties.Description as string).includes('schedules'),
    );
    expect(withGrant.length).toBeGreaterThan(0);
    for (const f of functions) {
      const vars = (f.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
      if (withGrant.includes(f)) {
        expect(json(vars.SCHEDULER_ROLE_ARN)).toContain(`:role/kinoko-prod-scheduler`);
        expect(json(vars.SCHEDULER_DEAD_LETTER_ARN)).toContain(
          `:${schedulerDeadLetterQueueName(synth.config)}`,
        );
        // The group and the job functions' ARN prefix of run-time schedules (lib/schedules.ts).
        expect(vars.SCHEDULE_GROUP_NAME).toBe('kinoko-prod');
        expect(json(vars.JOB_FUNCTION_ARN_PREFIX)).toContain(':function:kinoko-prod-');
      } else {
        expect(vars.SCHEDULER_ROLE_ARN).toBeUndefined();
        expect(vars.SCHEDULER_DEAD_LETTER_ARN).toBeUndefined();
        expect(vars.SCHEDULE_GROUP_NAME).toBeUndefined();
        expect(vars.JOB_FUNCTION_ARN_PREFIX).toBeUndefined();
      }
      expect(vars.POWERTOOLS_METRICS_NAMESPACE).toBe(metricsNamespace(synth.config));
      expect(vars.POWERTOOLS_SERVICE_NAME).toBe(METRICS_SERVICE);
    }
  });

  it('every stream mapping bisects, retries a bounded number of times, then goes to its SQS dead-letter queue', () => {
    const mappings = Object.values(apiResourcesOf(synth, 'AWS::Lambda::EventSourceMapping')).filter(
      (m) => m.Properties.StartingPosition !== undefined,
    );
    expect(mappings).toHaveLength(manifest.streamConsumers.length);
    for (const m of mappings) {
      expect(m.Properties.BisectBatchOnFunctionError).toBe(true);
      expect(m.Properties.MaximumRetryAttempts).toBe(streamDelivery.maxRetries);
      expect(json(m.Properties.DestinationConfig)).toMatch(
        /OnFailure.*Destination.*Fn::GetAtt.*DeadLetters.*Arn/,
      );
    }
  });
});

describe('the dashboard', () => {
  it('exists and shows every alarm of the stage and the business metrics', () => {
    const dashboards = Object.values(resourcesOf(synth.templates.monitoring, 'AWS::CloudWatch::Dashboard'));
    expect(dashboards).toHaveLength(1);
    const body = json(dashboards[0]?.Properties.DashboardBody);
    for (const name of stageAlarmNames(manifest))
      expect(body, name).toContain(`alarm:${namePrefix(synth.config)}-${name}`);
    for (const metric of Object.values(METRIC)) expect(body, metric).toContain(metric);
  });
});

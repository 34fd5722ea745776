import {
  CreateScheduleCommand,
  DeleteScheduleCommand,
  GetScheduleCommand,
  ListSchedulesCommand,
  SchedulerClient,
  UpdateScheduleCommand,
} from '@aws-sdk/client-scheduler';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalCloud, startLocalCloud } from '../local/cloud.ts';
import { recorded } from './fixtures/recorder.ts';
import { fixtureJobs, fixtureRoot } from './fixtures/routes.ts';

let cloud: LocalCloud;
const target = {
  Arn: 'arn:aws:lambda:ap-northeast-1:000000000000:function:kinoko-test-JobsRecord',
  RoleArn: 'arn:aws:iam::000000000000:role/scheduler',
};

beforeAll(async () => {
  cloud = await startLocalCloud({
    port: 0,
    dataDir: null,
    site: false,
    quiet: true,
    stage: 'test',
    handlerRoot: fixtureRoot,
    httpRoutes: [],
    wsRoutes: [],
    jobs: fixtureJobs,
  });
});

afterAll(async () => {
  if (cloud) await setClock(0);
  await cloud?.stop();
});

async function setClock(offsetMs: number): Promise<void> {
  const res = await fetch(`${cloud.url}/_local/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ offsetMs }),
  });
  expect(res.status).toBe(200);
}

// The client finds the stand-in only through AWS_ENDPOINT_URL_SCHEDULER, as handlers do.
const scheduler = () => new SchedulerClient({});
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (err: { name: string; $metadata: { httpStatusCode: number } }) => ({
      name: err.name,
      status: err.$metadata.httpStatusCode,
    }),
  );

/** yyyy-mm-ddThh:mm:ss in Asia/Tokyo. */
function tokyo(instant: number): string {
  return new Date(instant + 9 * 3600_000).toISOString().slice(0, 19);
}

describe('EventBridge Scheduler stand-in', () => {
  it('creates, reads, lists, updates and deletes through the SDK, with AWS errors', async () => {
    const client = scheduler();
    const input = {
      Name: 'crud-1',
      GroupName: 'kinoko-test',
      ScheduleExpression: 'at(2031-01-02T03:04:05)',
      ScheduleExpressionTimezone: 'Asia/Tokyo',
      FlexibleTimeWindow: { Mode: 'OFF' as const },
      Target: { ...target, Input: '{"a":1}' },
      ActionAfterCompletion: 'DELETE' as const,
    };
    const created = await client.send(new CreateScheduleCommand(input));
    expect(created.ScheduleArn).toBe(
      'arn:aws:scheduler:ap-northeast-1:000000000000:schedule/kinoko-test/crud-1',
    );
    expect(await failureOf(client.send(new CreateScheduleCommand(input)))).toEqual({
      name: 'ConflictException',
      status: 409,
    });

    const got = await client.send(new GetScheduleCommand({ Name: 'crud-1', GroupName: 'kinoko-test' }));
    expect(got).toMatchObject({
      Name: 'crud-1',
      GroupName: 'kinoko-test',
      ScheduleExpression: 'at(2031-01-02T03:04:05)',
      ScheduleExpressionTimezone: 'Asia/Tokyo',
      State: 'ENABLED',
      Target: { Arn: target.Arn, Input: '{"a":1}' },
      ActionAfterCompletion: 'DELETE',
    });
    expect(got.CreationDate).toBeInstanceOf(Date);

    const listed = await client.send(
      new ListSchedulesCommand({ GroupName: 'kinoko-test', NamePrefix: 'crud' }),
    );
    expect(listed.Schedules?.map((s) => s.Name)).toEqual(['crud-1']);

    await client.send(new UpdateScheduleCommand({ ...input, State: 'DISABLED' }));
    expect(
      (await client.send(new GetScheduleCommand({ Name: 'crud-1', GroupName: 'kinoko-test' }))).State,
    ).toBe('DISABLED');

    await client.send(new DeleteScheduleCommand({ Name: 'crud-1', GroupName: 'kinoko-test' }));
    expect(
      await failureOf(client.send(new GetScheduleCommand({ Name: 'crud-1', GroupName: 'kinoko-test' }))),
    ).toEqual({
      name: 'ResourceNotFoundException',
      status: 404,
    });
    expect(
      await failureOf(
        client.send(new CreateScheduleCommand({ ...input, ScheduleExpression: 'at(tomorrow)' })),
      ),
    ).toEqual({
      name: 'ValidationException',
      status: 400,
    });
  });

  it('fires a one-time at() schedule (Asia/Tokyo) into its target after a clock jump, then deletes it', async () => {
    const client = scheduler();
    const due = Date.now() + 2 * 3600_000;
    await client.send(
      new CreateScheduleCommand({
        Name: 'once-1',
        ScheduleExpression: `at(${tokyo(due)})`,
        ScheduleExpressionTimezone: 'Asia/Tokyo',
        FlexibleTimeWindow: { Mode: 'OFF' },
        Target: {
          ...target,
          Input: JSON.stringify({ orderId: 'o-1', at: '<aws.scheduler.scheduled-time>' }),
        },
        ActionAfterCompletion: 'DELETE',
      }),
    );
    await sleep(1500);
    expect(recorded('jobs/record').filter((e) => e.orderId === 'o-1')).toEqual([]);

    await setClock(2 * 3600_000 + 60_000);
    for (let i = 0; i < 40 && recorded('jobs/record').every((e) => e.orderId !== 'o-1'); i++)
      await sleep(100);
    const fired = recorded('jobs/record').filter((e) => e.orderId === 'o-1');
    expect(fired).toHaveLength(1);
    expect(fired[0].at).toBe(`${new Date(Math.floor(due / 1000) * 1000).toISOString().slice(0, 19)}Z`);
    expect(await failureOf(client.send(new GetScheduleCommand({ Name: 'once-1' })))).toMatchObject({
      name: 'ResourceNotFoundException',
    });
    await setClock(0);
  });

  it('fires a recurring cron() schedule at each occurrence in its time zone', async () => {
    const client = scheduler();
    // 09:00 Tokyo every day; the local-style ARN names the handler id directly.
    await client.send(
      new CreateScheduleCommand({
        Name: 'daily-1',
        ScheduleExpression: 'cron(0 9 * * ? *)',
        ScheduleExpressionTimezone: 'Asia/Tokyo',
        FlexibleTimeWindow: { Mode: 'OFF' },
        Target: {
          ...target,
          Arn: 'arn:aws:lambda:local:000000000000:function:JobsRecord',
          Input: '{"job":"daily"}',
        },
      }),
    );
    const now = Date.now();
    const tokyoNow = new Date(now + 9 * 3600_000);
    const next9 =
      Date.UTC(tokyoNow.getUTCFullYear(), tokyoNow.getUTCMonth(), tokyoNow.getUTCDate(), 9) - 9 * 3600_000;
    const firstRun = next9 > now ? next9 : next9 + 86_400_000;
    const daily = () => recorded('jobs/record').filter((e) => e.job === 'daily').length;

    await setClock(firstRun - now - 60_000);
    await sleep(1500);
    expect(daily()).toBe(0);
    await setClock(firstRun - now + 30_000);
    for (let i = 0; i < 30 && daily() < 1; i++) await sleep(100);
    expect(daily()).toBe(1);
    await setClock(firstRun - now + 86_400_000 + 30_000);
    for (let i = 0; i < 30 && daily() < 2; i++) await sleep(100);
    expect(daily()).toBe(2);
    await sleep(1200);
    expect(daily()).toBe(2);
    await setClock(0);
  });

  it('runs a recurring schedule again after the clock was moved back', async () => {
    const client = scheduler();
    await client.send(
      new CreateScheduleCommand({
        Name: 'minutely-1',
        ScheduleExpression: 'rate(1 minute)',
        FlexibleTimeWindow: { Mode: 'OFF' },
        Target: {
          ...target,
          Arn: 'arn:aws:lambda:local:000000000000:function:JobsRecord',
          Input: '{"job":"minutely"}',
        },
      }),
    );
    const runs = () => recorded('jobs/record').filter((e) => e.job === 'minutely').length;
    const waitFor = async (n: number) => {
      for (let i = 0; i < 40 && runs() < n; i++) await sleep(100);
    };
    // Two hours ahead: the missed runs fire once.
    await setClock(2 * 3600_000);
    await waitFor(1);
    expect(runs()).toBe(1);
    // Back to now, then a minute on: it runs again (it does not wait two hours).
    await setClock(0);
    await sleep(1200);
    await setClock(61_000);
    await waitFor(2);
    expect(runs()).toBe(2);
    await setClock(0);
    await client.send(new DeleteScheduleCommand({ Name: 'minutely-1' }));
  });

  it('retries a failed run soon after the clock was moved back, not at the time of the later clock', async () => {
    const client = scheduler();
    await client.send(
      new CreateScheduleCommand({
        Name: 'minutely-retry',
        ScheduleExpression: 'rate(1 minute)',
        FlexibleTimeWindow: { Mode: 'OFF' },
        Target: {
          ...target,
          Arn: 'arn:aws:lambda:local:000000000000:function:JobsFail',
          Input: '{"failOnce":"minutely-retry"}',
        },
      }),
    );
    const runs = () => recorded('jobs/fail').filter((e) => e?.failOnce === 'minutely-retry').length;
    // An hour ahead the run fails; its retry is due 2 s later on that clock.
    await setClock(3600_000);
    for (let i = 0; i < 40 && runs() < 1; i++) await sleep(100);
    expect(runs()).toBe(1);
    // Back to now before the retry: it still comes within seconds (not an hour later).
    await setClock(0);
    for (let i = 0; i < 60 && runs() < 2; i++) await sleep(100);
    expect(runs()).toBe(2);
    await client.send(new DeleteScheduleCommand({ Name: 'minutely-retry' }));
  });

  it('checks retry policies and dead-letter queues as AWS does, and dead-letters an invocation that failed every retry', async () => {
    const client = scheduler();
    const queue = 'arn:aws:sqs:ap-northeast-1:000000000000:kinoko-test-scheduler-dead-letters';
    const input = {
      Name: 'dead-1',
      GroupName: 'kinoko-test',
      ScheduleExpression: `at(${tokyo(Date.now() - 60_000)})`,
      ScheduleExpressionTimezone: 'Asia/Tokyo',
      FlexibleTimeWindow: { Mode: 'OFF' as const },
      Target: {
        ...target,
        Arn: 'arn:aws:lambda:ap-northeast-1:000000000000:function:kinoko-test-JobsFail',
        Input: '{"orderId":"o-dead"}',
        RetryPolicy: { MaximumRetryAttempts: 0, MaximumEventAgeInSeconds: 60 },
        DeadLetterConfig: { Arn: queue },
      },
    };
    for (const Target of [
      { ...input.Target, RetryPolicy: { MaximumRetryAttempts: 186 } },
      { ...input.Target, RetryPolicy: { MaximumEventAgeInSeconds: 59 } },
      { ...input.Target, DeadLetterConfig: { Arn: 'arn:aws:sns:ap-northeast-1:000000000000:topic' } },
    ]) {
      expect(await failureOf(client.send(new CreateScheduleCommand({ ...input, Target })))).toEqual({
        name: 'ValidationException',
        status: 400,
      });
    }
    await client.send(new CreateScheduleCommand(input));
    const deadLetters = async () =>
      (
        (await (await fetch(`${cloud.url}/_local/scheduler/dead-letters`)).json()) as { Input?: string }[]
      ).filter((d) => d.Input === '{"orderId":"o-dead"}');
    for (let i = 0; i < 40 && (await deadLetters()).length === 0; i++) await sleep(100);
    expect(await deadLetters()).toEqual([
      {
        QueueArn: queue,
        ScheduleArn: 'arn:aws:scheduler:ap-northeast-1:000000000000:schedule/kinoko-test/dead-1',
        TargetArn: input.Target.Arn,
        Input: '{"orderId":"o-dead"}',
        ErrorMessage: 'the fixture job fails',
        SentAt: expect.any(String),
      },
    ]);
  });
});

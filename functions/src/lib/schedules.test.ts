import { afterEach, describe, expect, it } from 'vitest';
import { scheduleDelivery } from '../manifest.ts';
import { resetEnvCache } from './env.ts';
import { atExpression, createScheduleInput, jobFunctionArn, scheduleTarget } from './schedules.ts';

const base = {
  STAGE: 'test',
  TABLE_NAME: 't',
  SITE_URL: 'https://app.example.jp',
  MAIL_FROM: 'a@example.jp',
  UPLOAD_BUCKET: 'b',
  LINE_CHANNEL_ID: '1',
  LINE_AUTHORIZE_URL: 'https://access.line.me/oauth2/v2.1/authorize',
  LINE_API_URL: 'https://api.line.me',
  WS_CALLBACK_URL: 'https://ws.example.jp/ws',
  SQUARE_API_URL: 'https://connect.squareupsandbox.com',
  SQUARE_ENVIRONMENT: 'sandbox',
  SQUARE_APPLICATION_ID: 'app',
  SQUARE_LOCATION_ID: 'loc',
  CREATOR_TERMS_VERSION: '2026-12-01',
};
const saved = { ...process.env };

function withEnv(vars: Record<string, string>): void {
  for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
  Object.assign(process.env, base, vars);
  resetEnvCache();
}

afterEach(() => {
  process.env = { ...saved };
  resetEnvCache();
});

describe('scheduleTarget', () => {
  const fn = 'arn:aws:lambda:ap-northeast-1:123456789012:function:kinoko-test-JobsX';

  it('gives a run-time schedule the scheduler role, the retry policy and the dead-letter queue', () => {
    withEnv({
      SCHEDULER_ROLE_ARN: 'arn:aws:iam::123456789012:role/kinoko-test-scheduler',
      SCHEDULER_DEAD_LETTER_ARN: 'arn:aws:sqs:ap-northeast-1:123456789012:kinoko-test-scheduler-dead-letters',
    });
    expect(scheduleTarget(fn, { orderId: 'o-1' })).toEqual({
      Arn: fn,
      RoleArn: 'arn:aws:iam::123456789012:role/kinoko-test-scheduler',
      Input: '{"orderId":"o-1"}',
      RetryPolicy: {
        MaximumRetryAttempts: scheduleDelivery.maxRetries,
        MaximumEventAgeInSeconds: scheduleDelivery.maxEventAgeSeconds,
      },
      DeadLetterConfig: { Arn: 'arn:aws:sqs:ap-northeast-1:123456789012:kinoko-test-scheduler-dead-letters' },
    });
  });

  it('refuses without them (a function without the schedules grant)', () => {
    withEnv({});
    delete process.env.SCHEDULER_ROLE_ARN;
    delete process.env.SCHEDULER_DEAD_LETTER_ARN;
    resetEnvCache();
    expect(() => scheduleTarget(fn, {})).toThrow(/schedules grant/);
  });
});

describe('run-time one-time schedules', () => {
  const scheduler = {
    SCHEDULER_ROLE_ARN: 'arn:aws:iam::123456789012:role/kinoko-test-scheduler',
    SCHEDULER_DEAD_LETTER_ARN: 'arn:aws:sqs:ap-northeast-1:123456789012:kinoko-test-scheduler-dead-letters',
    SCHEDULE_GROUP_NAME: 'kinoko-test',
    JOB_FUNCTION_ARN_PREFIX: 'arn:aws:lambda:ap-northeast-1:123456789012:function:kinoko-test-',
  };

  it('at() is the UTC instant to the second', () => {
    expect(atExpression(new Date('2027-03-04T05:06:07.890Z'))).toBe('at(2027-03-04T05:06:07)');
  });

  it('targets the job by its handler, in the stage group, deleted after it ran, with no window', () => {
    withEnv(scheduler);
    const input = createScheduleInput(
      'post-x-1',
      new Date('2027-03-04T05:06:07Z'),
      'jobs/fanclub-post-publish',
      {
        post_id: 'x',
        version: 1,
      },
    );
    expect(input).toMatchObject({
      Name: 'post-x-1',
      GroupName: 'kinoko-test',
      ScheduleExpression: 'at(2027-03-04T05:06:07)',
      ScheduleExpressionTimezone: 'UTC',
      FlexibleTimeWindow: { Mode: 'OFF' },
      ActionAfterCompletion: 'DELETE',
      Target: {
        Arn: 'arn:aws:lambda:ap-northeast-1:123456789012:function:kinoko-test-JobsFanclubPostPublish',
        Input: '{"post_id":"x","version":1}',
      },
    });
    expect(jobFunctionArn('jobs/fanclub-post-publish')).toBe(input.Target.Arn);
  });

  it('refuses without the group and the functions’ ARN (a function without the schedules grant)', () => {
    withEnv({});
    expect(() => jobFunctionArn('jobs/fanclub-post-publish')).toThrow(/schedules grant/);
    withEnv({ ...scheduler, SCHEDULE_GROUP_NAME: '' });
    delete process.env.SCHEDULE_GROUP_NAME;
    resetEnvCache();
    expect(() => createScheduleInput('n', new Date(), 'jobs/fanclub-post-publish', {})).toThrow(
      /schedules grant/,
    );
  });
});

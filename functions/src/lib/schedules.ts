/**
 * One-time schedules created at run time (by functions with the 'schedules' grant) get what every
 * schedule of the stage has, like the Jobs stack's recurring ones: the scheduler role, the retry
 * policy of `scheduleDelivery`, and the stage's scheduler dead-letter queue (whose alarm fires on
 * its first message). The role and the queue come from SCHEDULER_ROLE_ARN and
 * SCHEDULER_DEAD_LETTER_ARN, the group and the job functions' ARNs from SCHEDULE_GROUP_NAME and
 * JOB_FUNCTION_ARN_PREFIX, which the infra sets on exactly those functions (and scripts/local/env.ts
 * locally, where the scheduler stand-in fires the same schedules into the same handlers).
 */
import {
  CreateScheduleCommand,
  DeleteScheduleCommand,
  type SchedulerClient,
  type Target,
} from '@aws-sdk/client-scheduler';
import { handlerId, scheduleDelivery } from '../manifest.ts';
import { scheduler } from './aws/scheduler.ts';
import { env } from './env.ts';

const NOT_GRANTED = 'are set only on functions with the schedules grant';

/** The Target of a CreateSchedule call that invokes `functionArn` with `input` as its event. */
export function scheduleTarget(functionArn: string, input: unknown): Target {
  const { SCHEDULER_ROLE_ARN, SCHEDULER_DEAD_LETTER_ARN } = env();
  if (!SCHEDULER_ROLE_ARN || !SCHEDULER_DEAD_LETTER_ARN) {
    throw new Error(`SCHEDULER_ROLE_ARN and SCHEDULER_DEAD_LETTER_ARN ${NOT_GRANTED}`);
  }
  return {
    Arn: functionArn,
    RoleArn: SCHEDULER_ROLE_ARN,
    Input: JSON.stringify(input),
    RetryPolicy: {
      MaximumRetryAttempts: scheduleDelivery.maxRetries,
      MaximumEventAgeInSeconds: scheduleDelivery.maxEventAgeSeconds,
    },
    DeadLetterConfig: { Arn: SCHEDULER_DEAD_LETTER_ARN },
  };
}

/** The stage's function of a job handler (a manifest `jobs` entry), e.g. 'jobs/fanclub-post-publish'. */
export function jobFunctionArn(handler: string): string {
  const prefix = env().JOB_FUNCTION_ARN_PREFIX;
  if (!prefix) throw new Error(`JOB_FUNCTION_ARN_PREFIX ${NOT_GRANTED}`);
  return `${prefix}${handlerId(handler)}`;
}

function groupName(): string {
  const group = env().SCHEDULE_GROUP_NAME;
  if (!group) throw new Error(`SCHEDULE_GROUP_NAME ${NOT_GRANTED}`);
  return group;
}

/** `at(yyyy-mm-ddThh:mm:ss)` of an instant, in UTC (the schedule's time zone), to the second. */
export function atExpression(at: Date): string {
  return `at(${at.toISOString().slice(0, 19)})`;
}

/** What a service needs of EventBridge Scheduler (tests pass the local stand-in's or a fake). */
export interface OneTimeScheduler {
  /** A one-time schedule `name` that invokes the job `handler` with `input` at `at`, then deletes itself. */
  create(name: string, at: Date, handler: string, input: Record<string, unknown>): Promise<void>;
  /** Deletes schedule `name`; one already gone (fired, or never created) is fine. */
  remove(name: string): Promise<void>;
}

/** The request of `create`: at() in UTC, no flexible window, deleted after it ran, the stage's group. */
export function createScheduleInput(name: string, at: Date, handler: string, input: Record<string, unknown>) {
  return {
    Name: name,
    GroupName: groupName(),
    ScheduleExpression: atExpression(at),
    ScheduleExpressionTimezone: 'UTC',
    FlexibleTimeWindow: { Mode: 'OFF' as const },
    ActionAfterCompletion: 'DELETE' as const,
    Target: scheduleTarget(jobFunctionArn(handler), input),
  };
}

/** The EventBridge Scheduler client of the function (the local stand-in through AWS_ENDPOINT_URL_SCHEDULER). */
export function eventBridgeScheduler(client: SchedulerClient = scheduler()): OneTimeScheduler {
  return {
    async create(name, at, handler, input) {
      await client.send(new CreateScheduleCommand(createScheduleInput(name, at, handler, input)));
    },
    async remove(name) {
      try {
        await client.send(new DeleteScheduleCommand({ Name: name, GroupName: groupName() }));
      } catch (error) {
        if ((error as { name?: string }).name !== 'ResourceNotFoundException') throw error;
      }
    },
  };
}

/**
 * One-time schedules created at run time (by functions with the 'schedules' grant) get what every
 * schedule of the stage has, like the Jobs stack's recurring ones: the scheduler role, the retry
 * policy of `scheduleDelivery`, and the stage's scheduler dead-letter queue (whose alarm fires on
 * its first message). The role and the queue come from SCHEDULER_ROLE_ARN and
 * SCHEDULER_DEAD_LETTER_ARN, which the infra sets on exactly those functions.
 */
import type { Target } from '@aws-sdk/client-scheduler';
import { scheduleDelivery } from '../manifest.ts';
import { env } from './env.ts';

/** The Target of a CreateSchedule call that invokes `functionArn` with `input` as its event. */
export function scheduleTarget(functionArn: string, input: unknown): Target {
  const { SCHEDULER_ROLE_ARN, SCHEDULER_DEAD_LETTER_ARN } = env();
  if (!SCHEDULER_ROLE_ARN || !SCHEDULER_DEAD_LETTER_ARN) {
    throw new Error(
      'SCHEDULER_ROLE_ARN and SCHEDULER_DEAD_LETTER_ARN are set only on functions with the schedules grant',
    );
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

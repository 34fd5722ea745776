import { handlerId, type JobDef, scheduleDelivery } from '@app/functions/manifest';
import { ArnFormat, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as scheduler from 'aws-cdk-lib/aws-scheduler';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import type { ApiStack } from './api-stack.ts';
import {
  ALARMS,
  type AppConfig,
  functionName,
  scheduleGroupName,
  schedulerDeadLetterQueueName,
  schedulerRoleName,
} from './config.ts';
import { ALARM_NAME, deadLetterAlarm, notifyingAlarm } from './monitoring.ts';
import { acknowledge } from './nag.ts';

export const SCHEDULE_TIME_ZONE = 'Asia/Tokyo';

export interface JobsStackProps extends StackProps {
  config: AppConfig;
  api: ApiStack;
  jobs: readonly JobDef[];
}

/**
 * The stage's schedule group, the role EventBridge Scheduler assumes (it may invoke the job
 * functions and nothing else) and the recurring schedules, in Asia/Tokyo. One-time schedules are
 * created at run time by functions with the 'schedules' grant, passing this role. The job
 * functions (in the Api stack's area stacks) are targeted by their names, not by cross-stack
 * references: no export ties the two stacks, so a job can be removed in one deployment.
 * Every schedule (recurring here, one-time at run time) retries a failed invocation
 * (`scheduleDelivery`) and then sends it to the stage's scheduler dead-letter queue (named, so run-time
 * schedules name it too); alarms on that queue, on failed invocations and on dropped ones.
 */
export class JobsStack extends Stack {
  readonly scheduleGroup: scheduler.CfnScheduleGroup;
  readonly schedulerRole: iam.Role;
  readonly deadLetterQueue: sqs.Queue;

  constructor(scope: Construct, id: string, props: JobsStackProps) {
    super(scope, id, props);
    const { config, api, jobs } = props;

    this.scheduleGroup = new scheduler.CfnScheduleGroup(this, 'ScheduleGroup', {
      name: scheduleGroupName(config),
    });
    this.schedulerRole = new iam.Role(this, 'SchedulerRole', {
      roleName: schedulerRoleName(config),
      description: 'Assumed by EventBridge Scheduler to invoke the job functions',
      assumedBy: new iam.ServicePrincipal('scheduler.amazonaws.com', {
        conditions: { StringEquals: { 'aws:SourceAccount': this.account } },
      }),
    });

    this.deadLetterQueue = new sqs.Queue(this, 'SchedulerDeadLetters', {
      queueName: schedulerDeadLetterQueueName(config),
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    acknowledge(
      this.deadLetterQueue,
      'AwsSolutions-SQS3',
      'This queue is itself the dead-letter destination of the schedules: an operator inspects and replays what it holds.',
    );
    this.deadLetterQueue.grantSendMessages(this.schedulerRole);
    deadLetterAlarm(this.deadLetterQueue, config, this.deadLetterQueue, 'scheduler', 'the job schedules');
    const schedulerMetric = (metricName: string, rule: { periodMinutes: number }) =>
      new cloudwatch.Metric({
        namespace: 'AWS/Scheduler',
        metricName,
        dimensionsMap: { ScheduleGroup: scheduleGroupName(config) },
        statistic: 'Sum',
        period: Duration.minutes(rule.periodMinutes),
      });
    notifyingAlarm(this, 'TargetErrorsAlarm', {
      config,
      name: ALARM_NAME.schedulerTargetErrors,
      description: 'Failed invocations of job functions by EventBridge Scheduler',
      metric: schedulerMetric('TargetErrorCount', ALARMS.schedulerTargetErrors),
      threshold: ALARMS.schedulerTargetErrors.count,
      rule: ALARMS.schedulerTargetErrors,
    });
    notifyingAlarm(this, 'DroppedAlarm', {
      config,
      name: ALARM_NAME.schedulerDropped,
      description: 'Scheduled invocations dropped, or not delivered to the dead-letter queue',
      metric: new cloudwatch.MathExpression({
        expression: 'dropped + undelivered',
        usingMetrics: {
          dropped: schedulerMetric('InvocationDroppedCount', ALARMS.schedulerDropped),
          undelivered: schedulerMetric('InvocationsFailedToBeSentToDeadLetterCount', ALARMS.schedulerDropped),
        },
        period: Duration.minutes(ALARMS.schedulerDropped.periodMinutes),
      }),
      threshold: ALARMS.schedulerDropped.count,
      rule: ALARMS.schedulerDropped,
    });

    // The schedules' targets must exist first.
    this.addStackDependency(api);
    const jobFunctionArn = (handler: string): string => {
      if (!api.functions.has(handler)) throw new Error(`No function for job ${handler}`);
      return this.formatArn({
        service: 'lambda',
        resource: 'function',
        resourceName: functionName(config, handlerId(handler)),
        arnFormat: ArnFormat.COLON_RESOURCE_NAME,
      });
    };
    const arns = [...new Set(jobs.map((j) => j.handler))].map(jobFunctionArn);
    if (arns.length > 0) {
      this.schedulerRole.addToPrincipalPolicy(
        new iam.PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: arns }),
      );
    }

    for (const job of jobs) {
      if (!job.recurring) continue;
      if (!/^(cron|rate)\(.+\)$/.test(job.recurring.expression)) {
        throw new Error(
          `Job ${job.handler}: '${job.recurring.expression}' is not a cron() or rate() expression`,
        );
      }
      const schedule = new scheduler.CfnSchedule(this, `Schedule${job.recurring.name}`, {
        name: job.recurring.name,
        groupName: scheduleGroupName(config),
        description: job.handler,
        scheduleExpression: job.recurring.expression,
        scheduleExpressionTimezone: SCHEDULE_TIME_ZONE,
        flexibleTimeWindow: { mode: 'OFF' },
        target: {
          arn: jobFunctionArn(job.handler),
          roleArn: this.schedulerRole.roleArn,
          retryPolicy: {
            maximumRetryAttempts: scheduleDelivery.maxRetries,
            maximumEventAgeInSeconds: scheduleDelivery.maxEventAgeSeconds,
          },
          deadLetterConfig: { arn: this.deadLetterQueue.queueArn },
        },
      });
      schedule.addResourceDependency(this.scheduleGroup);
    }
  }
}

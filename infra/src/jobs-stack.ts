import { handlerId, type JobDef } from '@app/functions/manifest';
import { ArnFormat, Stack, type StackProps } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as scheduler from 'aws-cdk-lib/aws-scheduler';
import type { Construct } from 'constructs';
import type { ApiStack } from './api-stack.ts';
import { type AppConfig, functionName, scheduleGroupName, schedulerRoleName } from './config.ts';

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
 */
export class JobsStack extends Stack {
  readonly scheduleGroup: scheduler.CfnScheduleGroup;
  readonly schedulerRole: iam.Role;

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
          retryPolicy: { maximumRetryAttempts: 3, maximumEventAgeInSeconds: 3600 },
        },
      });
      schedule.addResourceDependency(this.scheduleGroup);
    }
  }
}

/**
 * Alarms and their one SNS topic (docs/operations.md says what each means and what to do). The
 * topic has a fixed name (config.ts `alarmTopicName`), so every stack builds its ARN without a
 * cross-stack reference: the area stacks put the alarms of each function, stream mapping and
 * dead-letter queue beside it, the Jobs stack those of the scheduler, the Monitoring stack the
 * stage-wide ones and the dashboard. Thresholds: config.ts `ALARMS`.
 */
import { ArnFormat, Duration, Stack } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as sns from 'aws-cdk-lib/aws-sns';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { ALARMS, type AppConfig, alarmTopicName, namePrefix } from './config.ts';

/** Every alarm's name after the stage prefix (`kinoko-<stage>-`), for the alarms and the dashboard. */
export const ALARM_NAME = {
  lambdaErrors: (id: string) => `lambda-errors-${id}`,
  lambdaThrottles: (id: string) => `lambda-throttles-${id}`,
  deadLetters: (name: string) => `dead-letters-${name}`,
  streamIteratorAge: (id: string) => `stream-iterator-age-${id}`,
  schedulerDeadLetters: 'dead-letters-scheduler',
  schedulerTargetErrors: 'scheduler-target-errors',
  schedulerDropped: 'scheduler-dropped',
  httpServerErrors: 'http-5xx-rate',
  webSocketErrors: 'websocket-errors',
  dynamoThrottles: 'dynamodb-throttles',
  dynamoSystemErrors: 'dynamodb-system-errors',
  paymentsPending: 'payments-pending',
} as const;

export type AlarmRule = { periodMinutes: number; evaluationPeriods: number };

/** The alarm topic as seen from any stack of the stage (by its name). */
export function alarmTopic(scope: Construct, config: AppConfig): sns.ITopic {
  const stack = Stack.of(scope);
  const id = 'AlarmTopicRef';
  const existing = stack.node.tryFindChild(id) as sns.ITopic | undefined;
  if (existing) return existing;
  return sns.Topic.fromTopicArn(
    stack,
    id,
    stack.formatArn({
      service: 'sns',
      resource: alarmTopicName(config),
      arnFormat: ArnFormat.NO_RESOURCE_NAME,
    }),
  );
}

export interface AlarmProps {
  config: AppConfig;
  /** The alarm's name after the stage prefix, e.g. `lambda-errors-HttpAuthLogin`. */
  name: string;
  description: string;
  metric: cloudwatch.IMetric;
  threshold: number;
  rule: AlarmRule;
  treatMissingData?: cloudwatch.TreatMissingData;
}

/** An alarm (>= threshold) that notifies the topic when it fires and when it recovers. */
export function notifyingAlarm(scope: Construct, id: string, props: AlarmProps): cloudwatch.Alarm {
  const alarm = new cloudwatch.Alarm(scope, id, {
    alarmName: `${namePrefix(props.config)}-${props.name}`,
    alarmDescription: `${props.description} (docs/operations.md)`,
    metric: props.metric,
    threshold: props.threshold,
    evaluationPeriods: props.rule.evaluationPeriods,
    comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    treatMissingData: props.treatMissingData ?? cloudwatch.TreatMissingData.NOT_BREACHING,
  });
  const topic = new actions.SnsAction(alarmTopic(scope, props.config));
  alarm.addAlarmAction(topic);
  alarm.addOkAction(topic);
  return alarm;
}

const minutes = (rule: AlarmRule) => Duration.minutes(rule.periodMinutes);

/** Errors and throttles of one function (every function of the manifest gets both). */
export function functionAlarms(scope: Construct, config: AppConfig, fn: lambda.IFunction, id: string): void {
  notifyingAlarm(scope, 'ErrorsAlarm', {
    config,
    name: ALARM_NAME.lambdaErrors(id),
    description: `Unhandled errors of ${id}`,
    metric: fn.metricErrors({ period: minutes(ALARMS.lambdaErrors), statistic: 'Sum' }),
    threshold: ALARMS.lambdaErrors.count,
    rule: ALARMS.lambdaErrors,
  });
  notifyingAlarm(scope, 'ThrottlesAlarm', {
    config,
    name: ALARM_NAME.lambdaThrottles(id),
    description: `Throttled invocations of ${id}`,
    metric: fn.metricThrottles({ period: minutes(ALARMS.lambdaThrottles), statistic: 'Sum' }),
    threshold: ALARMS.lambdaThrottles.count,
    rule: ALARMS.lambdaThrottles,
  });
}

/** Any message visible in a dead-letter queue. */
export function deadLetterAlarm(
  scope: Construct,
  config: AppConfig,
  queue: sqs.IQueue,
  name: string,
  what: string,
): cloudwatch.Alarm {
  return notifyingAlarm(scope, 'DeadLettersAlarm', {
    config,
    name: ALARM_NAME.deadLetters(name),
    description: `Messages in the dead-letter queue of ${what}`,
    metric: queue.metricApproximateNumberOfMessagesVisible({
      period: minutes(ALARMS.deadLetters),
      statistic: 'Maximum',
    }),
    threshold: ALARMS.deadLetters.count,
    rule: ALARMS.deadLetters,
    // SQS may stop reporting a queue idle for hours: a message left in it keeps the alarm on.
    treatMissingData: cloudwatch.TreatMissingData.IGNORE,
  });
}

/** How far a stream consumer is behind the table's stream (its mapping's IteratorAge). */
export function iteratorAgeAlarm(
  scope: Construct,
  config: AppConfig,
  fn: lambda.IFunction,
  id: string,
): void {
  notifyingAlarm(scope, 'IteratorAgeAlarm', {
    config,
    name: ALARM_NAME.streamIteratorAge(id),
    description: `Stream consumer ${id} is behind the table's stream`,
    metric: fn.metric('IteratorAge', { period: minutes(ALARMS.streamIteratorAge), statistic: 'Maximum' }),
    threshold: ALARMS.streamIteratorAge.milliseconds,
    rule: ALARMS.streamIteratorAge,
  });
}

import {
  consumerName,
  METRIC,
  METRICS_SERVICE,
  PAYMENT_FAILURE_CLASSES,
  RECONCILER_OUTCOMES,
} from '@app/functions/lib/metric-names';
import { handlerId, type Manifest, queueNames } from '@app/functions/manifest';
import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type { Construct } from 'constructs';
import type { AlarmsStack } from './alarms-stack.ts';
import type { ApiStack } from './api-stack.ts';
import {
  ALARMS,
  type AppConfig,
  functionName,
  metricsNamespace,
  namePrefix,
  scheduleGroupName,
} from './config.ts';
import type { DataStack } from './data-stack.ts';
import type { JobsStack } from './jobs-stack.ts';
import { ALARM_NAME, notifyingAlarm } from './monitoring.ts';

export interface MonitoringStackProps extends StackProps {
  config: AppConfig;
  alarms: AlarmsStack;
  data: DataStack;
  api: ApiStack;
  jobs: JobsStack;
  manifest: Manifest;
}

/** The table operations the functions use: a metric-math alarm may sum at most 10 metrics. */
const TABLE_OPERATIONS = [
  dynamodb.Operation.GET_ITEM,
  dynamodb.Operation.BATCH_GET_ITEM,
  dynamodb.Operation.QUERY,
  dynamodb.Operation.SCAN,
  dynamodb.Operation.PUT_ITEM,
  dynamodb.Operation.UPDATE_ITEM,
  dynamodb.Operation.DELETE_ITEM,
  dynamodb.Operation.BATCH_WRITE_ITEM,
  dynamodb.Operation.TRANSACT_WRITE_ITEMS,
  dynamodb.Operation.TRANSACT_GET_ITEMS,
];

/**
 * The stage-wide alarms (the HTTP API's 5xx rate, WebSocket errors, table throttles and system
 * errors, payments pending past the reconciler's window) and the dashboard of every alarm's metric.
 * The alarms of each function, stream mapping and dead-letter queue are beside them (monitoring.ts).
 */
export class MonitoringStack extends Stack {
  readonly dashboard: cloudwatch.Dashboard;

  constructor(scope: Construct, id: string, props: MonitoringStackProps) {
    super(scope, id, props);
    const { config, data, api, manifest } = props;
    this.addStackDependency(props.alarms);
    this.addStackDependency(props.jobs);
    const period = (rule: { periodMinutes: number }) => Duration.minutes(rule.periodMinutes);

    const httpRule = ALARMS.httpServerErrors;
    const http5xx = api.httpApi.metricServerError({ period: period(httpRule), statistic: 'Sum' });
    const httpCount = api.httpApi.metricCount({ period: period(httpRule), statistic: 'Sum' });
    const http5xxRate = new cloudwatch.MathExpression({
      expression: `IF(requests >= ${httpRule.minRequests}, 100 * errors / requests, 0)`,
      usingMetrics: { errors: http5xx, requests: httpCount },
      label: 'HTTP 5xx %',
      period: period(httpRule),
    });
    notifyingAlarm(this, 'HttpServerErrorsAlarm', {
      config,
      name: ALARM_NAME.httpServerErrors,
      description: `More than ${httpRule.percent}% of HTTP API requests answered 5xx`,
      metric: http5xxRate,
      threshold: httpRule.percent,
      rule: httpRule,
    });

    const wsRule = ALARMS.webSocketErrors;
    const wsMetric = (metricName: string) =>
      new cloudwatch.Metric({
        namespace: 'AWS/ApiGateway',
        metricName,
        dimensionsMap: { ApiId: api.webSocketApi.apiId, Stage: api.webSocketStage.stageName },
        statistic: 'Sum',
        period: period(wsRule),
      });
    const wsErrors = new cloudwatch.MathExpression({
      expression: 'integration + execution',
      usingMetrics: { integration: wsMetric('IntegrationError'), execution: wsMetric('ExecutionError') },
      label: 'WebSocket errors',
      period: period(wsRule),
    });
    notifyingAlarm(this, 'WebSocketErrorsAlarm', {
      config,
      name: ALARM_NAME.webSocketErrors,
      description: 'WebSocket API integration or execution errors',
      metric: wsErrors,
      threshold: wsRule.count,
      rule: wsRule,
    });

    const throttles = data.table.metricThrottledRequestsForOperations({
      operations: TABLE_OPERATIONS,
      period: period(ALARMS.dynamoThrottles),
    });
    notifyingAlarm(this, 'TableThrottlesAlarm', {
      config,
      name: ALARM_NAME.dynamoThrottles,
      description: 'Throttled requests on the table',
      metric: throttles,
      threshold: ALARMS.dynamoThrottles.count,
      rule: ALARMS.dynamoThrottles,
    });
    const systemErrors = data.table.metricSystemErrorsForOperations({
      operations: TABLE_OPERATIONS,
      period: period(ALARMS.dynamoSystemErrors),
    });
    notifyingAlarm(this, 'TableSystemErrorsAlarm', {
      config,
      name: ALARM_NAME.dynamoSystemErrors,
      description: 'DynamoDB system errors (HTTP 500) on the table',
      metric: systemErrors,
      threshold: ALARMS.dynamoSystemErrors.count,
      rule: ALARMS.dynamoSystemErrors,
    });

    const business = (metricName: string, statistic: string, rule = { periodMinutes: 60 }, dims = {}) =>
      new cloudwatch.Metric({
        namespace: metricsNamespace(config),
        metricName,
        dimensionsMap: { service: METRICS_SERVICE, ...dims },
        statistic,
        period: period(rule),
      });
    const pendingRule = ALARMS.paymentsPending;
    const pending = business(METRIC.paymentsPendingPastWindow, 'Maximum', pendingRule);
    notifyingAlarm(this, 'PaymentsPendingAlarm', {
      config,
      name: ALARM_NAME.paymentsPending,
      description:
        "Card payments still pending past the reconciler's window, or the reconciler not reporting",
      metric: pending,
      threshold: pendingRule.count,
      rule: pendingRule,
      // No datapoint means the reconciler did not run: that breaches too.
      treatMissingData: cloudwatch.TreatMissingData.BREACHING,
    });

    // The dashboard: every alarm's metric, the functions' errors by SEARCH (every function of the
    // stage, whatever the manifest adds), and the business metrics. Unquoted search values match
    // partially (by tokens: `kinoko-prod` every function of the stage; the consumers' dead-letter
    // queues, the only queues of the Api stacks, have CloudFormation names that begin with the
    // stack's), quoted ones exactly.
    const prefix = namePrefix(config);
    const search = (query: string, label: string, stat = 'Sum', minutes = 5) =>
      new cloudwatch.MathExpression({
        expression: `SEARCH('${query}', '${stat}', ${minutes * 60})`,
        usingMetrics: {},
        label,
        period: Duration.minutes(minutes),
      });
    const consumers = manifest.streamConsumers.map((c) => handlerId(c.handler));
    const graph = (title: string, left: cloudwatch.IMetric[], width = 8) =>
      new cloudwatch.GraphWidget({ title, left, width, height: 6 });
    this.dashboard = new cloudwatch.Dashboard(this, 'Dashboard', {
      dashboardName: `${prefix}-operations`,
      widgets: [
        // A status widget shows at most 100 alarms: one per 100, the stage-wide ones first.
        ...chunks(stageAlarmNames(manifest), 100).map((names, i) => [
          new cloudwatch.AlarmStatusWidget({
            title: i === 0 ? 'Alarms' : `Alarms (${i + 1})`,
            width: 24,
            height: 6,
            alarms: names.map((name) =>
              cloudwatch.Alarm.fromAlarmName(this, `Status-${name}`, `${prefix}-${name}`),
            ),
            sortBy: cloudwatch.AlarmStatusWidgetSortBy.STATE_UPDATED_TIMESTAMP,
          }),
        ]),
        [
          graph('HTTP API 5xx rate (%)', [http5xxRate]),
          graph('HTTP API requests and 5xx', [httpCount, http5xx]),
          graph('WebSocket errors', [wsErrors]),
        ],
        [
          graph('Lambda errors', [
            search(`{AWS/Lambda,FunctionName} MetricName="Errors" FunctionName=${prefix}`, 'errors'),
          ]),
          graph('Lambda throttles', [
            search(`{AWS/Lambda,FunctionName} MetricName="Throttles" FunctionName=${prefix}`, 'throttles'),
          ]),
          graph(
            'Stream iterator age (ms)',
            consumers.map(
              (id) =>
                new cloudwatch.Metric({
                  namespace: 'AWS/Lambda',
                  metricName: 'IteratorAge',
                  dimensionsMap: { FunctionName: functionName(config, id) },
                  statistic: 'Maximum',
                  period: Duration.minutes(5),
                  label: id,
                }),
            ),
          ),
        ],
        [
          // Two graphs: both expressions name their per-operation metrics alike.
          graph('DynamoDB throttled requests', [throttles], 6),
          graph('DynamoDB system errors', [systemErrors], 6),
          graph(
            'Dead-letter queues (visible messages)',
            [
              search(
                `{AWS/SQS,QueueName} MetricName="ApproximateNumberOfMessagesVisible" QueueName=Kinoko-${config.stage}-Api`,
                'stream consumers',
                'Maximum',
              ),
              search(
                `{AWS/SQS,QueueName} MetricName="ApproximateNumberOfMessagesVisible" QueueName="${prefix}-scheduler-dead-letters"`,
                'scheduler',
                'Maximum',
              ),
              ...manifest.queues.map((q) =>
                search(
                  `{AWS/SQS,QueueName} MetricName="ApproximateNumberOfMessagesVisible" QueueName="${queueNames(prefix, q.name).deadLetters}"`,
                  `queue ${q.name}`,
                  'Maximum',
                ),
              ),
            ],
            6,
          ),
          graph(
            'Scheduler',
            [
              search(
                `{AWS/Scheduler,ScheduleGroup} ScheduleGroup="${scheduleGroupName(config)}"`,
                'scheduler',
              ),
            ],
            6,
          ),
        ],
        [
          graph('Purchases', [
            business(METRIC.purchases, 'Sum'),
            business(METRIC.purchasedPoints, 'Sum'),
            business(METRIC.purchasedYen, 'Sum'),
          ]),
          graph('Paid messages', [
            business(METRIC.paidMessages, 'Sum'),
            business(METRIC.paidMessagePoints, 'Sum'),
          ]),
          graph('Payment failures and reconciler', [
            ...PAYMENT_FAILURE_CLASSES.map((c) =>
              business(METRIC.paymentFailures, 'Sum', undefined, { class: c }),
            ),
            ...RECONCILER_OUTCOMES.map((o) =>
              business(METRIC.paymentsReconciled, 'Sum', undefined, { outcome: o }),
            ),
            pending,
          ]),
        ],
        [
          graph(
            'Stream consumer failures',
            manifest.streamConsumers.map((c) =>
              business(METRIC.streamRecordFailures, 'Sum', undefined, { consumer: consumerName(c.handler) }),
            ),
            manifest.queues.length > 0 ? 16 : 24,
          ),
          ...(manifest.queues.length > 0
            ? [
                graph(
                  'Queue message failures',
                  manifest.queues.map((q) =>
                    business(METRIC.queueMessageFailures, 'Sum', undefined, { queue: q.name }),
                  ),
                  8,
                ),
              ]
            : []),
        ],
      ],
    });
  }
}

/** The name (after the stage prefix) of every alarm of the stage, from the manifest: what the dashboard shows. */
export function stageAlarmNames(manifest: Manifest): string[] {
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
  return [
    ALARM_NAME.httpServerErrors,
    ALARM_NAME.webSocketErrors,
    ALARM_NAME.dynamoThrottles,
    ALARM_NAME.dynamoSystemErrors,
    ALARM_NAME.paymentsPending,
    ALARM_NAME.schedulerTargetErrors,
    ALARM_NAME.schedulerDropped,
    ALARM_NAME.schedulerDeadLetters,
    ...manifest.streamConsumers.flatMap((c) => [
      ALARM_NAME.deadLetters(handlerId(c.handler)),
      ALARM_NAME.streamIteratorAge(handlerId(c.handler)),
    ]),
    // A manifest queue's dead-letter queue, named after its consumer like a stream consumer's.
    ...manifest.queues.map((q) => ALARM_NAME.deadLetters(handlerId(q.handler))),
    ...handlers.flatMap((h) => [
      ALARM_NAME.lambdaErrors(handlerId(h)),
      ALARM_NAME.lambdaThrottles(handlerId(h)),
    ]),
  ];
}

function chunks<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/**
 * One Lambda per manifest handler, with fixed defaults (arm64, Node 24, 512 MB, 10 s; x86_64 and
 * more memory for a bundle with native modules, `bundleRuntime`), its own log group and role, the
 * grants of its area (grants.ts), and its errors and throttles alarms (monitoring.ts). Five
 * CloudFormation resources of its own (function, role, log group, two alarms),
 * eight with its route's integration, route and invoke permission: the role carries its statements
 * inline, and the log group stays per function (a shared group would mix the functions' streams and
 * let each role write into the others').
 */

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { queueUrlVariable } from '@app/functions/lib/env';
import { METRICS_SERVICE } from '@app/functions/lib/metric-names';
import { handlerId, queueNames } from '@app/functions/manifest';
import { ArnFormat, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import {
  type AppConfig,
  functionName,
  metricsNamespace,
  namePrefix,
  scheduleGroupName,
  schedulerDeadLetterQueueName,
  schedulerRoleName,
} from './config.ts';
import { type DeployedEnv, functionEnvironment } from './function-env.ts';
import { type Grant, grantsFor, queuesSentBy } from './grants.ts';
import { functionAlarms } from './monitoring.ts';
import { acknowledge, wildcardResourceFinding } from './nag.ts';

/** Everything a grant can point at. */
export interface GrantTargets {
  table: dynamodb.ITable;
  tableIndexNames: readonly string[];
  appSecret: secretsmanager.ISecret;
  /** Name of the uploads bucket (deterministic, see config.ts). */
  uploadsBucketName: string;
  mailIdentityName: string;
  mailConfigurationSetName: string;
  webSocketApiId: string;
  webSocketStageName: string;
}

export interface HandlerFunctionProps {
  config: AppConfig;
  /** Manifest handler module, e.g. 'http/auth/login'. */
  handler: string;
  env: DeployedEnv;
  targets: GrantTargets;
  /** Jobs that work through a backlog (manifest `JobDef.timeoutSeconds`); 10 s otherwise. */
  timeoutSeconds?: number;
}

export function bundleDir(config: Pick<AppConfig, 'functionsDir'>, handler: string): string {
  return path.join(config.functionsDir, handlerId(handler));
}

/**
 * A bundle that ships native modules (scripts/native-modules.ts: sharp's linux-x64 binaries) runs
 * on x86_64 with the memory it names; every other one on arm64 with 512 MB.
 */
export function bundleRuntime(dir: string): { architecture: lambda.Architecture; memorySize: number } {
  const file = path.join(dir, 'runtime.json');
  if (!existsSync(file)) return { architecture: lambda.Architecture.ARM_64, memorySize: 512 };
  const runtime = JSON.parse(readFileSync(file, 'utf8')) as { architecture: string; memorySize: number };
  return {
    architecture: runtime.architecture === 'x86_64' ? lambda.Architecture.X86_64 : lambda.Architecture.ARM_64,
    memorySize: runtime.memorySize,
  };
}

/** Fails with every missing bundle at once, before any construct is built. */
export function assertBundlesExist(config: AppConfig, handlers: readonly string[]): void {
  const missing = handlers.filter((h) => !existsSync(path.join(bundleDir(config, h), 'index.mjs')));
  if (missing.length > 0) {
    throw new Error(
      `Missing Lambda bundles in ${config.functionsDir} (run \`npm run build:functions\`; each needs functions/src/<handler>.ts):\n` +
        missing.map((h) => `  ${h}`).join('\n'),
    );
  }
}

/**
 * A role that keeps every statement added to it (grants, event sources, dead-letter queues) in one
 * inline policy of the role itself instead of a separate AWS::IAM::Policy resource: the same
 * statements on the same one role, one resource less per function. Resources that must wait for
 * the permissions depend on the role.
 */
export class InlinePolicyRole extends iam.Role {
  private readonly document: iam.PolicyDocument;

  constructor(scope: Construct, id: string, props: iam.RoleProps) {
    const document = new iam.PolicyDocument();
    super(scope, id, { ...props, inlinePolicies: { ...props.inlinePolicies, grants: document } });
    this.document = document;
  }

  override addToPrincipalPolicy(statement: iam.PolicyStatement): iam.AddToPrincipalPolicyResult {
    this.document.addStatements(statement);
    return { statementAdded: true, policyDependable: this };
  }
}

export class HandlerFunction extends Construct {
  readonly fn: lambda.Function;
  readonly grants: readonly Grant[];

  constructor(scope: Construct, id: string, props: HandlerFunctionProps) {
    super(scope, id);
    const { config, handler, targets } = props;
    this.grants = grantsFor(handler);
    const name = functionName(config, handlerId(handler));
    if (name.length > 64) throw new Error(`Function name too long (${name.length} > 64): ${name}`);

    const logGroup = new logs.LogGroup(this, 'Logs', {
      logGroupName: `/aws/lambda/${name}`,
      retention: retentionDays(config.logRetentionDays),
      removalPolicy: config.stage === 'prod' ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    const role = new InlinePolicyRole(this, 'Role', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: `Runs ${handler}`,
    });
    // Its own log group only (the GetAtt ARN already covers the group's streams).
    role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['logs:CreateLogStream', 'logs:PutLogEvents'],
        resources: [logGroup.logGroupArn],
      }),
    );

    // The queues it sends to: their URLs (lib/queue.ts reads QUEUE_URL_<NAME>), from their fixed names.
    const stack = Stack.of(scope);
    const queueUrls = Object.fromEntries(
      queuesSentBy(handler).map((q) => [
        queueUrlVariable(q.name),
        `https://sqs.${stack.region}.${stack.urlSuffix}/${stack.account}/${queueNames(namePrefix(config), q.name).queue}`,
      ]),
    );

    this.fn = new lambda.Function(this, 'Function', {
      functionName: name,
      description: handler,
      code: lambda.Code.fromAsset(bundleDir(config, handler)),
      handler: 'index.handler',
      runtime: lambda.Runtime.NODEJS_24_X,
      ...bundleRuntime(bundleDir(config, handler)),
      timeout: Duration.seconds(props.timeoutSeconds ?? 10),
      logGroup,
      role,
      environment: functionEnvironment(props.env, {
        // One service name for logs and metrics (the function is in the Lambda context anyway).
        serviceName: METRICS_SERVICE,
        metricsNamespace: metricsNamespace(config),
        ...(this.grants.includes('appSecret') ? { appSecretArn: targets.appSecret.secretArn } : {}),
        queueUrls,
        ...(this.grants.includes('schedules')
          ? {
              scheduler: {
                roleArn: Stack.of(scope).formatArn({
                  service: 'iam',
                  region: '',
                  resource: 'role',
                  resourceName: schedulerRoleName(config),
                }),
                deadLetterArn: Stack.of(scope).formatArn({
                  service: 'sqs',
                  resource: schedulerDeadLetterQueueName(config),
                  arnFormat: ArnFormat.NO_RESOURCE_NAME,
                }),
                groupName: scheduleGroupName(config),
                // The stage's functions up to the handler's id: a run-time schedule names its job's.
                jobFunctionArnPrefix: Stack.of(scope).formatArn({
                  service: 'lambda',
                  resource: 'function',
                  resourceName: functionName(config, ''),
                  arnFormat: ArnFormat.COLON_RESOURCE_NAME,
                }),
              },
            }
          : {}),
      }),
    });

    for (const grant of this.grants) applyGrant(this, this.fn, grant, config, targets, handler);
    // Two alarms of its own (errors, throttles), to the stage's alarm topic.
    functionAlarms(this, config, this.fn, handlerId(handler));
  }
}

const TABLE_READ = [
  'dynamodb:GetItem',
  'dynamodb:BatchGetItem',
  'dynamodb:Query',
  'dynamodb:ConditionCheckItem',
];
const TABLE_WRITE = [
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
];

/** What no function may do to an audit entry. */
export const AUDIT_PROTECTED = ['dynamodb:DeleteItem', 'dynamodb:UpdateItem', 'dynamodb:BatchWriteItem'];

function applyGrant(
  owner: Construct,
  fn: lambda.Function,
  grant: Grant,
  config: AppConfig,
  t: GrantTargets,
  handler: string,
): void {
  const stack = Stack.of(fn);
  const allow = (actions: string[], resources: string[], conditions?: Record<string, unknown>) =>
    fn.addToRolePolicy(
      new iam.PolicyStatement({ actions, resources, ...(conditions ? { conditions } : {}) }),
    );
  // Table and named indexes, no wildcard. Transactions need only the item actions.
  const tableResources = [
    t.table.tableArn,
    ...t.tableIndexNames.map((n) => `${t.table.tableArn}/index/${n}`),
  ];

  // The operators' audit log is append-only (issue 17): whoever may change items may not change
  // or delete an audit entry (`audit#<month>` partitions), in a transaction or not. Creating one
  // (PutItem) stays allowed; that it never overwrites is the code's `attribute_not_exists`.
  const denyAuditChanges = () =>
    fn.addToRolePolicy(
      new iam.PolicyStatement({
        effect: iam.Effect.DENY,
        actions: AUDIT_PROTECTED,
        resources: [t.table.tableArn],
        conditions: { 'ForAnyValue:StringLike': { 'dynamodb:LeadingKeys': ['audit#*'] } },
      }),
    );

  switch (grant) {
    case 'table':
      allow([...TABLE_READ, ...TABLE_WRITE], tableResources);
      denyAuditChanges();
      return;
    case 'tableRead':
      allow(TABLE_READ, tableResources);
      return;
    case 'tableCreate':
      allow(['dynamodb:PutItem'], [t.table.tableArn]);
      return;
    case 'tableUpdate':
      allow(['dynamodb:UpdateItem'], [t.table.tableArn]);
      denyAuditChanges();
      return;
    case 'appSecret':
      t.appSecret.grantRead(fn);
      return;
    case 'sendMail':
      allow(
        ['ses:SendEmail', 'ses:SendRawEmail'],
        [
          stack.formatArn({ service: 'ses', resource: 'identity', resourceName: t.mailIdentityName }),
          stack.formatArn({
            service: 'ses',
            resource: 'configuration-set',
            resourceName: t.mailConfigurationSetName,
          }),
        ],
      );
      return;
    case 'uploads': {
      const objects = `arn:${stack.partition}:s3:::${t.uploadsBucketName}/*`;
      allow(['s3:GetObject', 's3:GetObjectTagging', 's3:PutObject', 's3:DeleteObject'], [objects]);
      allow(['s3:ListBucket'], [`arn:${stack.partition}:s3:::${t.uploadsBucketName}`]);
      acknowledge(
        owner,
        wildcardResourceFinding(fn, objects),
        'Objects of the media bucket only; keys are chosen at run time (uploads, processed files, presigned URLs).',
      );
      return;
    }
    case 'mediaDelete': {
      const objects = `arn:${stack.partition}:s3:::${t.uploadsBucketName}/*`;
      allow(['s3:DeleteObject'], [objects]);
      allow(['s3:ListBucket'], [`arn:${stack.partition}:s3:::${t.uploadsBucketName}`]);
      acknowledge(
        owner,
        wildcardResourceFinding(fn, objects),
        'Deletes objects of the media bucket only, under the prefixes of what was removed (known at run time).',
      );
      return;
    }
    case 'wsManage': {
      const connections = stack.formatArn({
        service: 'execute-api',
        resource: t.webSocketApiId,
        resourceName: `${t.webSocketStageName}/*/@connections/*`,
      });
      allow(['execute-api:ManageConnections'], [connections]);
      acknowledge(
        owner,
        wildcardResourceFinding(fn, connections),
        'Connections of this stage of the WebSocket API only; connection ids exist only at run time.',
      );
      return;
    }
    case 'schedules': {
      const schedules = stack.formatArn({
        service: 'scheduler',
        resource: 'schedule',
        resourceName: `${scheduleGroupName(config)}/*`,
      });
      allow(['scheduler:CreateSchedule', 'scheduler:DeleteSchedule', 'scheduler:GetSchedule'], [schedules]);
      acknowledge(
        owner,
        wildcardResourceFinding(fn, schedules),
        'One-time schedules are named at run time; limited to the stage’s schedule group.',
      );
      allow(
        ['iam:PassRole'],
        [
          stack.formatArn({
            service: 'iam',
            region: '',
            resource: 'role',
            resourceName: schedulerRoleName(config),
          }),
        ],
        { StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } },
      );
      return;
    }
    case 'queueSend':
      allow(
        ['sqs:SendMessage'],
        queuesSentBy(handler).map((q) =>
          stack.formatArn({
            service: 'sqs',
            resource: queueNames(namePrefix(config), q.name).queue,
            arnFormat: ArnFormat.NO_RESOURCE_NAME,
          }),
        ),
      );
      return;
  }
}

function retentionDays(days: number): logs.RetentionDays {
  const allowed = Object.values(logs.RetentionDays).filter((v): v is number => typeof v === 'number');
  if (!allowed.includes(days)) throw new Error(`logRetentionDays must be one of ${allowed.join(', ')}`);
  return days as logs.RetentionDays;
}

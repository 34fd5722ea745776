import { tableDefinition } from '@app/functions/db/table';
import { handlerId, httpRoutes, type JobDef, streamConsumers, wsRoutes } from '@app/functions/manifest';
import { RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration, WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { type AppConfig, mailDomain, namePrefix, siteUrl, uploadsBucketName } from './config.ts';
import type { DataStack } from './data-stack.ts';
import { type DeployedEnv, deployedEnv } from './function-env.ts';
import { type GrantTargets, HandlerFunction } from './handler-function.ts';
import type { MailStack } from './mail-stack.ts';
import { acknowledge } from './nag.ts';
import { StreamConsumers } from './stream-consumers.ts';

export const HTTP_STAGE_NAME = 'api';
export const WS_STAGE_NAME = 'ws';

export interface ApiStackProps extends StackProps {
  config: AppConfig;
  data: DataStack;
  mail: MailStack;
  jobs: readonly JobDef[];
}

/**
 * The HTTP API (stage `api`, behind CloudFront's /api/*), the WebSocket API and every Lambda of the
 * manifest (job functions too: they share the grants and the WebSocket API; the Jobs stack
 * schedules them).
 */
export class ApiStack extends Stack {
  readonly httpApi: apigwv2.HttpApi;
  readonly webSocketApi: apigwv2.WebSocketApi;
  readonly webSocketStage: apigwv2.WebSocketStage;
  readonly functionEnv: DeployedEnv;
  readonly grantTargets: GrantTargets;
  /** Handler module -> its function (HTTP, WebSocket, jobs and stream consumers). */
  readonly functions = new Map<string, HandlerFunction>();
  readonly streamConsumers: StreamConsumers;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const { config, data, mail } = props;
    const prefix = namePrefix(config);
    const throttle = { rateLimit: config.apiRateLimit, burstLimit: config.apiBurstLimit };

    this.webSocketApi = new apigwv2.WebSocketApi(this, 'WebSocketApi', { apiName: `${prefix}-ws` });
    this.webSocketStage = new apigwv2.WebSocketStage(this, 'WebSocketStage', {
      webSocketApi: this.webSocketApi,
      stageName: WS_STAGE_NAME,
      autoDeploy: true,
      throttle,
      accessLogSettings: {
        destination: new apigwv2.LogGroupLogDestination(this.accessLogGroup('WebSocketAccessLogs', config)),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            ip: '$context.identity.sourceIp',
            time: '$context.requestTime',
            eventType: '$context.eventType',
            routeKey: '$context.routeKey',
            status: '$context.status',
            connectionId: '$context.connectionId',
            integrationError: '$context.integrationErrorMessage',
          }),
        ),
      },
    });

    this.functionEnv = deployedEnv({
      stage: config.stage,
      tableName: data.table.tableName,
      siteUrl: siteUrl(config),
      mailFrom: config.mailFrom,
      uploadBucket: uploadsBucketName(config, this.account, this.region),
      lineChannelId: config.lineChannelId,
      lineAuthorizeUrl: config.lineAuthorizeUrl,
      lineApiUrl: config.lineApiUrl,
      squareEnvironment: config.squareEnvironment,
      squareApplicationId: config.squareApplicationId,
      squareLocationId: config.squareLocationId,
      // Built from the API id, not the stage resource, so the stage's routes may use these functions.
      wsCallbackUrl: `https://${this.webSocketApi.apiId}.execute-api.${this.region}.${this.urlSuffix}/${WS_STAGE_NAME}`,
    });
    this.grantTargets = {
      table: data.table,
      tableIndexNames: tableDefinition.globalSecondaryIndexes.map((g) => g.indexName),
      appSecret: data.appSecret,
      uploadsBucketName: uploadsBucketName(config, this.account, this.region),
      mailIdentityName: mailDomain(config),
      mailConfigurationSetName: namePrefix(config),
      webSocketApiId: this.webSocketApi.apiId,
      webSocketStageName: WS_STAGE_NAME,
    };
    // Functions send from the identity by name; deploy it first.
    this.addStackDependency(mail);

    for (const route of wsRoutes) {
      const fn = this.handlerFunction(config, route.handler);
      this.webSocketApi.addRoute(route.routeKey, {
        integration: new WebSocketLambdaIntegration(`${handlerId(route.handler)}Integration`, fn.fn),
      });
    }

    this.httpApi = new apigwv2.HttpApi(this, 'HttpApi', {
      apiName: `${prefix}-http`,
      createDefaultStage: false,
    });
    new apigwv2.HttpStage(this, 'HttpStage', {
      httpApi: this.httpApi,
      stageName: HTTP_STAGE_NAME,
      autoDeploy: true,
      throttle,
      accessLogSettings: {
        destination: new apigwv2.LogGroupLogDestination(this.accessLogGroup('HttpAccessLogs', config)),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            ip: '$context.identity.sourceIp',
            time: '$context.requestTime',
            routeKey: '$context.routeKey',
            status: '$context.status',
            protocol: '$context.protocol',
            responseLength: '$context.responseLength',
            latency: '$context.responseLatency',
            integrationError: '$context.integrationErrorMessage',
          }),
        ),
      },
    });
    for (const route of httpRoutes) {
      const fn = this.handlerFunction(config, route.handler);
      this.httpApi.addRoutes({
        path: route.path,
        methods: [apigwv2.HttpMethod[route.method]],
        integration: new HttpLambdaIntegration(`${handlerId(route.handler)}Integration`, fn.fn),
      });
    }

    for (const job of props.jobs) this.handlerFunction(config, job.handler);

    this.streamConsumers = new StreamConsumers(this, 'StreamConsumers', {
      table: data.table,
      consumers: streamConsumers.map((def) => ({ def, fn: this.handlerFunction(config, def.handler) })),
    });

    const noAuthorizer =
      'Authorization is in the handlers: lib/http.ts checks the bearer access token against the route’s access in the manifest, $connect checks the token; guest routes such as login are public by design.';
    acknowledge(this.httpApi, 'AwsSolutions-APIG4', noAuthorizer);
    acknowledge(this.webSocketApi, 'AwsSolutions-APIG4', noAuthorizer);
  }

  /** Domain of the HTTP API for CloudFront's /api/* origin (stage `api` is the first path segment). */
  get httpApiDomain(): string {
    return `${this.httpApi.apiId}.execute-api.${this.region}.${this.urlSuffix}`;
  }

  /** wss:// URL of the WebSocket stage, for the web client's config.json. */
  get webSocketUrl(): string {
    return this.webSocketStage.url;
  }

  private handlerFunction(config: AppConfig, handler: string): HandlerFunction {
    const existing = this.functions.get(handler);
    if (existing) return existing;
    const fn = new HandlerFunction(this, handlerId(handler), {
      config,
      handler,
      env: this.functionEnv,
      targets: this.grantTargets,
    });
    this.functions.set(handler, fn);
    return fn;
  }

  private accessLogGroup(id: string, config: AppConfig): logs.LogGroup {
    return new logs.LogGroup(this, id, {
      retention: config.logRetentionDays as logs.RetentionDays,
      removalPolicy: config.stage === 'prod' ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
  }
}

import { AREAS, type Area, handlerAreas, type Manifest } from '@app/functions/manifest';
import { RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import {
  ApiAreaStack,
  entriesByArea,
  HTTP_STAGE_NAME,
  NO_AUTHORIZER_REASON,
  WS_STAGE_NAME,
} from './api-area-stack.ts';
import { type AppConfig, namePrefix } from './config.ts';
import type { DataStack } from './data-stack.ts';
import type { HandlerFunction } from './handler-function.ts';
import type { MailStack } from './mail-stack.ts';
import { acknowledge } from './nag.ts';

export { HTTP_STAGE_NAME, WS_STAGE_NAME };

export interface ApiStackProps extends StackProps {
  config: AppConfig;
  data: DataStack;
  mail: MailStack;
  /** Every HTTP route, WebSocket route, job and stream consumer, each with its area. */
  manifest: Manifest;
}

/**
 * The HTTP API (stage `api`, behind CloudFront's /api/*) and the WebSocket API, with their stages,
 * access logs and throttling, and one nested stack per area of the manifest (api-area-stack.ts)
 * holding that area's functions (job functions too: the Jobs stack schedules them), routes and
 * stream consumers. The parent stays small whatever the number of routes.
 */
export class ApiStack extends Stack {
  readonly httpApi: apigwv2.HttpApi;
  readonly webSocketApi: apigwv2.WebSocketApi;
  readonly webSocketStage: apigwv2.WebSocketStage;
  /** Area -> its nested stack (areas with entries only). */
  readonly areas = new Map<Area, ApiAreaStack>();
  /** Handler module -> its function (HTTP, WebSocket, jobs and stream consumers), across the areas. */
  readonly functions = new Map<string, HandlerFunction>();

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const { config, data, mail } = props;
    const prefix = namePrefix(config);
    const throttle = { rateLimit: config.apiRateLimit, burstLimit: config.apiBurstLimit };
    // Functions send from the identity by name; deploy it first.
    this.addStackDependency(mail);

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
    acknowledge(this.httpApi, 'AwsSolutions-APIG4', NO_AUTHORIZER_REASON);
    acknowledge(this.webSocketApi, 'AwsSolutions-APIG4', NO_AUTHORIZER_REASON);

    handlerAreas(props.manifest); // one area per handler, or fail here
    for (const [area, entries] of entriesByArea(props.manifest, AREAS)) {
      const stack = new ApiAreaStack(this, areaStackId(area), {
        config,
        area,
        entries,
        httpApi: this.httpApi,
        webSocketApi: this.webSocketApi,
        table: data.table,
        appSecret: data.appSecret,
      });
      this.areas.set(area, stack);
      for (const [handler, fn] of stack.functions) this.functions.set(handler, fn);
    }
  }

  /** Domain of the HTTP API for CloudFront's /api/* origin (stage `api` is the first path segment). */
  get httpApiDomain(): string {
    return `${this.httpApi.apiId}.execute-api.${this.region}.${this.urlSuffix}`;
  }

  /** wss:// URL of the WebSocket stage, for the web client's config.json. */
  get webSocketUrl(): string {
    return this.webSocketStage.url;
  }

  private accessLogGroup(id: string, config: AppConfig): logs.LogGroup {
    return new logs.LogGroup(this, id, {
      retention: config.logRetentionDays as logs.RetentionDays,
      removalPolicy: config.stage === 'prod' ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
  }
}

/** 'organizations' -> 'Organizations': the construct id of an area's nested stack. */
export const areaStackId = (area: Area): string => area.charAt(0).toUpperCase() + area.slice(1);

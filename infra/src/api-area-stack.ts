/**
 * One area of the product (manifest `AREAS`) as a nested stack of the Api stack: the functions of
 * the area's HTTP routes, WebSocket routes, jobs, stream consumers and queue consumers, with their
 * routes on the one HTTP API and the one WebSocket API of the parent, the consumers' event source
 * mappings and dead-letter queues, and the area's SQS queues (queue-consumers.ts). About six resources per function, so an area holds some sixty routes before
 * CloudFormation's limit (500; the infra test keeps each stack under 400 at 150 routes).
 */
import { tableDefinition } from '@app/functions/db/table';
import {
  type Area,
  type HttpRoute,
  handlerId,
  type JobDef,
  type Manifest,
  type QueueDef,
  type StreamConsumerDef,
  type WsRoute,
} from '@app/functions/manifest';
import { CfnParameter, NestedStack, type NestedStackProps } from 'aws-cdk-lib';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration, WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { type AppConfig, mailDomain, namePrefix, siteUrl, uploadsBucketName } from './config.ts';
import { deployedEnv } from './function-env.ts';
import { type GrantTargets, HandlerFunction } from './handler-function.ts';
import { acknowledge } from './nag.ts';
import { QueueConsumers } from './queue-consumers.ts';
import { StreamConsumers } from './stream-consumers.ts';

export const HTTP_STAGE_NAME = 'api';
export const WS_STAGE_NAME = 'ws';

export const NO_AUTHORIZER_REASON =
  'Authorization is in the handlers: lib/http.ts checks the bearer access token against the route’s access in the manifest, $connect checks the token; guest routes such as login are public by design.';

/** The manifest's entries of one area. */
export type AreaEntries = Manifest;

/** The manifest split by area, areas in `AREAS` order; an area without entries is left out (a stack needs a resource). */
export function entriesByArea(manifest: Manifest, areas: readonly Area[]): Map<Area, AreaEntries> {
  const of = <T extends { area: Area }>(list: readonly T[], area: Area) =>
    list.filter((e) => e.area === area);
  const out = new Map<Area, AreaEntries>();
  for (const area of areas) {
    const entries: AreaEntries = {
      httpRoutes: of<HttpRoute>(manifest.httpRoutes, area),
      wsRoutes: of<WsRoute>(manifest.wsRoutes, area),
      jobs: of<JobDef>(manifest.jobs, area),
      streamConsumers: of<StreamConsumerDef>(manifest.streamConsumers, area),
      queues: of<QueueDef>(manifest.queues, area),
    };
    if (Object.values(entries).some((list) => list.length > 0)) out.set(area, entries);
  }
  return out;
}

export interface ApiAreaStackProps extends NestedStackProps {
  config: AppConfig;
  area: Area;
  entries: AreaEntries;
  /** The parent's APIs; their ids reach this stack as its parameters HttpApiId and WebSocketApiId. */
  httpApi: apigwv2.IHttpApi;
  webSocketApi: apigwv2.IWebSocketApi;
  table: dynamodb.ITable;
  appSecret: secretsmanager.ISecret;
}

export class ApiAreaStack extends NestedStack {
  readonly area: Area;
  /** Handler module -> its function. */
  readonly functions = new Map<string, HandlerFunction>();
  readonly streamConsumers: StreamConsumers | undefined;
  readonly queueConsumers: QueueConsumers | undefined;

  constructor(scope: Construct, id: string, props: ApiAreaStackProps) {
    // The API ids are explicit parameters, so this stack sees them as its own Refs both when the
    // grants are built and after synthesis (cdk-nag's findings name the same resource).
    super(scope, id, {
      ...props,
      description: `kinoko ${props.area}: functions and routes`,
      parameters: {
        ...props.parameters,
        HttpApiId: props.httpApi.apiId,
        WebSocketApiId: props.webSocketApi.apiId,
      },
    });
    const { config, area, entries } = props;
    this.area = area;

    const httpApiId = new CfnParameter(this, 'HttpApiId', { description: 'The HTTP API' }).valueAsString;
    const webSocketApiId = new CfnParameter(this, 'WebSocketApiId', {
      description: 'The WebSocket API',
    }).valueAsString;
    const httpApi = apigwv2.HttpApi.fromHttpApiAttributes(this, 'HttpApi', { httpApiId });
    const webSocketApi = apigwv2.WebSocketApi.fromWebSocketApiAttributes(this, 'WebSocketApi', {
      webSocketId: webSocketApiId,
    });

    const env = deployedEnv({
      stage: config.stage,
      tableName: props.table.tableName,
      siteUrl: siteUrl(config),
      mailFrom: config.mailFrom,
      uploadBucket: uploadsBucketName(config, this.account, this.region),
      lineChannelId: config.lineChannelId,
      lineAuthorizeUrl: config.lineAuthorizeUrl,
      lineApiUrl: config.lineApiUrl,
      squareEnvironment: config.squareEnvironment,
      squareApplicationId: config.squareApplicationId,
      squareLocationId: config.squareLocationId,
      creatorTermsVersion: config.operator.termsEffectiveDate,
      transferSource: config.transferSource,
      wsCallbackUrl: `https://${webSocketApiId}.execute-api.${this.region}.${this.urlSuffix}/${WS_STAGE_NAME}`,
    });
    const targets: GrantTargets = {
      table: props.table,
      tableIndexNames: tableDefinition.globalSecondaryIndexes.map((g) => g.indexName),
      appSecret: props.appSecret,
      uploadsBucketName: uploadsBucketName(config, this.account, this.region),
      mailIdentityName: mailDomain(config),
      mailConfigurationSetName: namePrefix(config),
      webSocketApiId,
      webSocketStageName: WS_STAGE_NAME,
    };
    const handlerFunction = (handler: string, timeoutSeconds?: number): HandlerFunction => {
      const existing = this.functions.get(handler);
      if (existing) return existing;
      const fn = new HandlerFunction(this, handlerId(handler), {
        config,
        handler,
        env,
        targets,
        ...(timeoutSeconds ? { timeoutSeconds } : {}),
      });
      this.functions.set(handler, fn);
      return fn;
    };

    for (const route of entries.wsRoutes) {
      const fn = handlerFunction(route.handler);
      const wsRoute = new apigwv2.WebSocketRoute(this, `${route.routeKey}-Route`, {
        webSocketApi,
        routeKey: route.routeKey,
        integration: new WebSocketLambdaIntegration(`${handlerId(route.handler)}Integration`, fn.fn),
      });
      acknowledge(wsRoute, 'AwsSolutions-APIG4', NO_AUTHORIZER_REASON);
    }

    for (const route of entries.httpRoutes) {
      const fn = handlerFunction(route.handler);
      const httpRoute = new apigwv2.HttpRoute(this, `${route.method}${route.path}`, {
        httpApi,
        routeKey: apigwv2.HttpRouteKey.with(route.path, apigwv2.HttpMethod[route.method]),
        integration: new HttpLambdaIntegration(`${handlerId(route.handler)}Integration`, fn.fn),
      });
      acknowledge(httpRoute, 'AwsSolutions-APIG4', NO_AUTHORIZER_REASON);
    }

    // Scheduled by the Jobs stack (by function name).
    for (const job of entries.jobs) handlerFunction(job.handler, job.timeoutSeconds);

    this.streamConsumers =
      entries.streamConsumers.length > 0
        ? new StreamConsumers(this, 'StreamConsumers', {
            config,
            table: props.table,
            consumers: entries.streamConsumers.map((def) => ({ def, fn: handlerFunction(def.handler) })),
          })
        : undefined;

    // The area's queues, each consumed by its handler with the queue's timeout.
    this.queueConsumers =
      entries.queues.length > 0
        ? new QueueConsumers(this, 'QueueConsumers', {
            config,
            queues: entries.queues.map((def) => ({
              def,
              fn: handlerFunction(def.handler, def.timeoutSeconds),
            })),
          })
        : undefined;
  }
}

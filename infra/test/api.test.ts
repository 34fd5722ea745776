import { handlerId, httpRoutes, routeKey, wsRoutes } from '@app/functions/manifest';
import { Match } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { HTTP_STAGE_NAME, WS_STAGE_NAME } from '../src/api-stack.ts';
import { resourcesOf, type SynthResult, synthApp } from './synth.ts';

let synth: SynthResult;
beforeAll(() => {
  synth = synthApp();
});

type Props = Record<string, unknown>;
const ref = (logicalId: string) => ({ Ref: logicalId });

/** Logical id of the Lambda a route's integration invokes. */
function integratedFunction(integration: Props): string {
  const uri = JSON.stringify(integration.IntegrationUri);
  const match = uri.match(/"Fn::GetAtt":\["([^"]+)","Arn"\]/);
  if (!match?.[1]) throw new Error(`no function in ${uri}`);
  return match[1];
}

function routeTargets(apiType: 'HTTP' | 'WEBSOCKET') {
  const api = resourcesOf(synth.templates.api, 'AWS::ApiGatewayV2::Api');
  const apiId = Object.entries(api).find(([, r]) => r.Properties?.ProtocolType === apiType)?.[0];
  if (!apiId) throw new Error(`no ${apiType} API`);
  const integrations = resourcesOf(synth.templates.api, 'AWS::ApiGatewayV2::Integration');
  const functions = resourcesOf(synth.templates.api, 'AWS::Lambda::Function');
  const routes = Object.values(resourcesOf(synth.templates.api, 'AWS::ApiGatewayV2::Route')).filter(
    (r) => JSON.stringify(r.Properties?.ApiId) === JSON.stringify(ref(apiId)),
  );
  return routes.map((route) => {
    const target = JSON.stringify(route.Properties?.Target);
    const integrationId = target.match(/"Ref":"([^"]+)"/)?.[1] ?? '';
    const integration = integrations[integrationId]?.Properties ?? {};
    const fnId = integratedFunction(integration);
    return {
      routeKey: route.Properties?.RouteKey as string,
      integration,
      fnId,
      fn: functions[fnId]?.Properties ?? {},
    };
  });
}

describe('HTTP API', () => {
  it('has a stage named api with access logs and throttling', () => {
    synth.templates.api.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: HTTP_STAGE_NAME,
      AutoDeploy: true,
      AccessLogSettings: { DestinationArn: Match.anyValue() },
      DefaultRouteSettings: { ThrottlingRateLimit: 100, ThrottlingBurstLimit: 200 },
    });
  });

  it('has every manifest route, each with its own integration and Lambda', () => {
    const targets = routeTargets('HTTP');
    expect(targets.map((t) => t.routeKey).sort()).toEqual(httpRoutes.map(routeKey).sort());
    for (const route of httpRoutes) {
      const target = targets.find((t) => t.routeKey === routeKey(route));
      expect(target?.integration.IntegrationType, routeKey(route)).toBe('AWS_PROXY');
      expect(target?.integration.PayloadFormatVersion, routeKey(route)).toBe('2.0');
      expect(target?.fn).toMatchObject({
        FunctionName: `kinoko-prod-${handlerId(route.handler)}`,
        Description: route.handler,
        Handler: 'index.handler',
        Runtime: 'nodejs24.x',
        Architectures: ['arm64'],
        MemorySize: 512,
        Timeout: 10,
      });
    }
    const distinct = new Set(targets.map((t) => t.fnId));
    expect(distinct.size).toBe(new Set(httpRoutes.map((r) => r.handler)).size);
  });

  it('lets API Gateway invoke each route function', () => {
    const permissions = Object.values(resourcesOf(synth.templates.api, 'AWS::Lambda::Permission'));
    for (const { fnId } of routeTargets('HTTP')) {
      const allowed = permissions.some(
        (p) =>
          JSON.stringify(p.Properties?.FunctionName).includes(`"${fnId}"`) &&
          p.Properties?.Principal === 'apigateway.amazonaws.com',
      );
      expect(allowed, fnId).toBe(true);
    }
  });
});

describe('WebSocket API', () => {
  it('has $connect, $disconnect and $default on their own Lambdas', () => {
    const targets = routeTargets('WEBSOCKET');
    expect(targets.map((t) => t.routeKey).sort()).toEqual(wsRoutes.map((r) => r.routeKey).sort());
    for (const route of wsRoutes) {
      const target = targets.find((t) => t.routeKey === route.routeKey);
      expect(target?.fn).toMatchObject({
        Description: route.handler,
        Runtime: 'nodejs24.x',
        Architectures: ['arm64'],
      });
    }
  });

  it('has a stage with access logs and throttling', () => {
    synth.templates.api.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: WS_STAGE_NAME,
      AccessLogSettings: { DestinationArn: Match.anyValue() },
      DefaultRouteSettings: { ThrottlingRateLimit: 100, ThrottlingBurstLimit: 200 },
    });
  });
});

describe('Lambda environment', () => {
  it('gives every function the variables functions/src/lib/env.ts requires', () => {
    const required = [
      'STAGE',
      'TABLE_NAME',
      'SITE_URL',
      'MAIL_FROM',
      'UPLOAD_BUCKET',
      'LINE_CHANNEL_ID',
      'LINE_AUTHORIZE_URL',
      'LINE_API_URL',
      'WS_CALLBACK_URL',
    ];
    for (const [id, fn] of Object.entries(resourcesOf(synth.templates.api, 'AWS::Lambda::Function'))) {
      const vars = (fn.Properties?.Environment as { Variables: Record<string, unknown> }).Variables;
      for (const name of required) expect(vars[name], `${id} ${name}`).toBeDefined();
      expect(vars.STAGE).toBe('prod');
      expect(vars.SITE_URL).toBe('https://app.kinoko.example');
      expect(vars).not.toHaveProperty('AUTH_SECRET');
      expect(vars).not.toHaveProperty('LINE_CHANNEL_SECRET');
    }
  });

  it('gives every function a log group with retention', () => {
    const groups = Object.values(resourcesOf(synth.templates.api, 'AWS::Logs::LogGroup'));
    expect(groups.every((g) => g.Properties?.RetentionInDays === 90)).toBe(true);
  });
});

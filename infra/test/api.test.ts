import { handlerId, httpRoutes, routeKey, wsRoutes } from '@app/functions/manifest';
import { Match } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { HTTP_STAGE_NAME, WS_STAGE_NAME } from '../src/api-stack.ts';
import { AwsSolutionsChecks } from '../src/nag.ts';
import { renderSiteRouterCode, renderSiteStatusCode } from '../src/site-router.ts';
import {
  apiResourcesOf,
  areaParameter,
  resourcesOf,
  type SynthResult,
  synthApp,
  UPLOAD_CHECKERS,
} from './synth.ts';

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

/**
 * The routes of one API: all in the area stacks (none in the Api stack itself), each naming the
 * parent's API through the area stack's parameter, with its integration and function beside it.
 */
function routeTargets(apiType: 'HTTP' | 'WEBSOCKET') {
  const api = resourcesOf(synth.templates.api, 'AWS::ApiGatewayV2::Api');
  const apiId = Object.entries(api).find(([, r]) => r.Properties?.ProtocolType === apiType)?.[0];
  if (!apiId) throw new Error(`no ${apiType} API`);
  expect(resourcesOf(synth.templates.api, 'AWS::ApiGatewayV2::Route')).toEqual({});
  const parameter = apiType === 'HTTP' ? 'HttpApiId' : 'WebSocketApiId';
  return [...synth.areaTemplates].flatMap(([area, template]) => {
    expect(areaParameter(synth, area, parameter), area).toEqual(ref(apiId));
    const integrations = resourcesOf(template, 'AWS::ApiGatewayV2::Integration');
    const functions = resourcesOf(template, 'AWS::Lambda::Function');
    const routes = Object.values(resourcesOf(template, 'AWS::ApiGatewayV2::Route')).filter(
      (r) => JSON.stringify(r.Properties?.ApiId) === JSON.stringify(ref(parameter)),
    );
    return routes.map((route) => {
      const target = JSON.stringify(route.Properties?.Target);
      const integrationId = target.match(/"Ref":"([^"]+)"/)?.[1] ?? '';
      const integration = integrations[integrationId]?.Properties ?? {};
      expect(integration.ApiId, integrationId).toEqual(ref(parameter));
      const fnId = integratedFunction(integration);
      return {
        area,
        routeKey: route.Properties?.RouteKey as string,
        integration,
        fnId,
        fn: functions[fnId]?.Properties ?? {},
      };
    });
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

  it('has every manifest route, each with its own integration and Lambda in the stack of its area', () => {
    const targets = routeTargets('HTTP');
    expect(targets.map((t) => t.routeKey).sort()).toEqual(httpRoutes.map(routeKey).sort());
    for (const route of httpRoutes) {
      const target = targets.find((t) => t.routeKey === routeKey(route));
      expect(target?.area, routeKey(route)).toBe(route.area);
      expect(target?.integration.IntegrationType, routeKey(route)).toBe('AWS_PROXY');
      expect(target?.integration.PayloadFormatVersion, routeKey(route)).toBe('2.0');
      expect(target?.fn).toMatchObject({
        FunctionName: `kinoko-prod-${handlerId(route.handler)}`,
        Description: route.handler,
        Handler: 'index.handler',
        Runtime: 'nodejs24.x',
        // The check step of uploads ships sharp's linux-x64 binaries (scripts/native-modules.ts).
        ...(UPLOAD_CHECKERS.includes(route.handler)
          ? { Architectures: ['x86_64'], MemorySize: 1024 }
          : { Architectures: ['arm64'], MemorySize: 512 }),
        Timeout: 10,
      });
    }
    const distinct = new Set(targets.map((t) => t.fnId));
    expect(distinct.size).toBe(new Set(httpRoutes.map((r) => r.handler)).size);
  });

  it('lets API Gateway invoke each route function', () => {
    for (const { area, fnId } of routeTargets('HTTP')) {
      const template = synth.areaTemplates.get(area);
      if (!template) throw new Error(area);
      const permissions = Object.values(resourcesOf(template, 'AWS::Lambda::Permission'));
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
      expect(target?.area, route.routeKey).toBe(route.area);
      expect(target?.fn).toMatchObject({
        Description: route.handler,
        Runtime: 'nodejs24.x',
        Architectures: [route.handler === 'http/chat/send' ? 'x86_64' : 'arm64'],
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
      'CREATOR_TERMS_VERSION',
    ];
    const functions = Object.entries(apiResourcesOf(synth, 'AWS::Lambda::Function'));
    expect(functions.length).toBeGreaterThan(httpRoutes.length / 2);
    for (const [id, fn] of functions) {
      const vars = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
      for (const name of required) expect(vars[name], `${id} ${name}`).toBeDefined();
      expect(vars.STAGE).toBe('prod');
      expect(vars.SITE_URL).toBe('https://app.kinoko.example');
      expect(vars).not.toHaveProperty('AUTH_SECRET');
      expect(vars).not.toHaveProperty('LINE_CHANNEL_SECRET');
    }
  });

  it('gives every function its own log group with retention, written only by its own role', () => {
    const groups = apiResourcesOf(synth, 'AWS::Logs::LogGroup');
    expect(Object.values(groups).every((g) => g.Properties?.RetentionInDays === 90)).toBe(true);
    const roles = apiResourcesOf(synth, 'AWS::IAM::Role');
    const functions = Object.values(apiResourcesOf(synth, 'AWS::Lambda::Function'));
    const groupOf = functions.map((fn) => JSON.stringify(fn.Properties.LoggingConfig));
    expect(new Set(groupOf).size).toBe(functions.length);
    for (const fn of functions) {
      const groupId = (fn.Properties.LoggingConfig as { LogGroup: { Ref: string } }).LogGroup.Ref;
      expect(groups[groupId]?.Properties.LogGroupName).toBe(`/aws/lambda/${fn.Properties.FunctionName}`);
      const roleId = (fn.Properties.Role as { 'Fn::GetAtt': string[] })['Fn::GetAtt'][0] as string;
      const logStatements = JSON.stringify(roles[roleId]?.Properties.Policies).match(/logs:PutLogEvents/g);
      expect(logStatements, roleId).toHaveLength(1);
      expect(JSON.stringify(roles[roleId]?.Properties.Policies)).toContain(
        `"Fn::GetAtt":["${groupId}","Arn"]`,
      );
    }
  });
});

describe('site distribution', () => {
  const distribution = () =>
    Object.values(resourcesOf(synth.templates.site, 'AWS::CloudFront::Distribution'))[0]?.Properties
      .DistributionConfig as Record<string, unknown>;

  it('runs the generated router and 404-status functions on the site behaviour', () => {
    synth.templates.site.hasResourceProperties('AWS::CloudFront::Function', {
      FunctionCode: renderSiteRouterCode({
        appHost: 'app.kinoko.example',
        marketHost: 'market.kinoko.example',
      }),
      FunctionConfig: Match.objectLike({ Runtime: 'cloudfront-js-2.0' }),
    });
    synth.templates.site.hasResourceProperties('AWS::CloudFront::Function', {
      FunctionCode: renderSiteStatusCode(),
    });
    const events = (
      distribution().DefaultCacheBehavior as { FunctionAssociations: { EventType: string }[] }
    ).FunctionAssociations.map((a) => a.EventType).sort();
    expect(events).toEqual(['viewer-request', 'viewer-response']);
  });

  it('has no distribution-wide error responses, so API 403/404 answers pass through', () => {
    expect(distribution().CustomErrorResponses).toBeUndefined();
  });

  it('sends /api/* uncached to the HTTP API with every viewer header but Host', () => {
    const api = (distribution().CacheBehaviors as Record<string, unknown>[]).find(
      (b) => b.PathPattern === '/api/*',
    );
    expect(api).toMatchObject({
      CachePolicyId: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad', // Managed-CachingDisabled
      OriginRequestPolicyId: 'b689b0a8-53d0-40ab-baf2-68738e2966ac', // Managed-AllViewerExceptHostHeader
      ViewerProtocolPolicy: 'https-only',
    });
    expect([...((api?.AllowedMethods ?? []) as string[])].sort()).toEqual(
      ['DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH', 'POST', 'PUT'].sort(),
    );
  });

  it('serves both hosts with TLS 1.2+, logging and security headers', () => {
    expect(distribution()).toMatchObject({
      Aliases: ['app.kinoko.example', 'market.kinoko.example'],
      ViewerCertificate: { MinimumProtocolVersion: 'TLSv1.2_2021', SslSupportMethod: 'sni-only' },
    });
    expect(distribution().Logging).toBeDefined();
    synth.templates.site.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: Match.objectLike({
        SecurityHeadersConfig: Match.objectLike({
          StrictTransportSecurity: Match.objectLike({ Override: true }),
        }),
      }),
    });
  });

  it('reads the site bucket (and the public media, media.test.ts) only through origin access control', () => {
    synth.templates.site.resourceCountIs('AWS::CloudFront::OriginAccessControl', 2);
    synth.templates.site.hasResourceProperties('AWS::S3::BucketPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Principal: { Service: 'cloudfront.amazonaws.com' }, Action: 's3:GetObject' }),
        ]),
      },
    });
  });
});

describe('cdk-nag on the manifest app', () => {
  it('reports no unacknowledged AwsSolutions finding', () => {
    const report = new AwsSolutionsChecks(synth.app).validateScope(synth.app);
    expect(report.violations.map((v) => v.ruleName)).toEqual([]);
  });
});

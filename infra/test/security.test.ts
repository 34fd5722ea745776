import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { handlerId, httpRoutes, type JobDef, streamConsumers, wsRoutes } from '@app/functions/manifest';
import { type Stack, Validations } from 'aws-cdk-lib';
import { Annotations, Match, type Template } from 'aws-cdk-lib/assertions';
import type { IConstruct } from 'constructs';
import { beforeAll, describe, expect, it } from 'vitest';
import { grantsFor } from '../src/grants.ts';
import { AUDIT_PROTECTED } from '../src/handler-function.ts';
import { AwsSolutionsChecks } from '../src/nag.ts';
import { securityHeaders } from '../src/security-headers.ts';
import {
  apiResourcesOf,
  resourcesOf,
  type SynthResult,
  synthApp,
  allTemplates as templatesOf,
} from './synth.ts';

// The manifest has no jobs yet: a real bundle stands in as a job so the scheduler role has a target.
const standInJob: JobDef = {
  handler: 'http/bank/list-banks',
  area: 'business',
  recurring: { name: 'stand-in-daily', expression: 'cron(0 0 * * ? *)' },
};

let synth: SynthResult;
beforeAll(() => {
  synth = synthApp({ jobs: [standInJob] });
});

/** Every template: the stacks and the Api stack's area stacks. */
const allTemplates = () => templatesOf(synth);
const json = (value: unknown) => JSON.stringify(value);

interface Statement {
  Effect: string;
  Action: string | string[];
  Resource: unknown;
}
const statementsOf = (policy: { Properties: Record<string, unknown> }): Statement[] =>
  (policy.Properties.PolicyDocument as { Statement: Statement[] }).Statement;

/** The statements of every policy document a role carries: inline in the role, or in policies naming it. */
function roleStatements(template: Template): Map<string, Statement[]> {
  const out = new Map<string, Statement[]>();
  for (const [id, role] of Object.entries(resourcesOf(template, 'AWS::IAM::Role'))) {
    const inline = (role.Properties.Policies ?? []) as { PolicyDocument: { Statement: Statement[] } }[];
    out.set(
      id,
      inline.flatMap((p) => p.PolicyDocument.Statement),
    );
  }
  for (const policy of Object.values(resourcesOf(template, 'AWS::IAM::Policy'))) {
    for (const role of policy.Properties.Roles as { Ref?: string }[]) {
      if (typeof role.Ref === 'string') out.get(role.Ref)?.push(...statementsOf(policy));
    }
  }
  return out;
}

/** Handler modules (function descriptions) whose role carries a statement matching `predicate`. */
function handlersGranted(predicate: (s: Statement) => boolean): string[] {
  const handlers: string[] = [];
  for (const template of [synth.templates.api, ...synth.areaTemplates.values()]) {
    const statements = roleStatements(template);
    for (const fn of Object.values(resourcesOf(template, 'AWS::Lambda::Function'))) {
      const roleId = (fn.Properties.Role as { 'Fn::GetAtt': string[] })['Fn::GetAtt'][0] as string;
      if ((statements.get(roleId) ?? []).some(predicate)) handlers.push(fn.Properties.Description as string);
    }
  }
  return handlers.sort();
}

describe('storage', () => {
  it('blocks all public access and encrypts every bucket', () => {
    let count = 0;
    for (const [name, template] of allTemplates()) {
      for (const [id, bucket] of Object.entries(resourcesOf(template, 'AWS::S3::Bucket'))) {
        count += 1;
        expect(bucket.Properties?.PublicAccessBlockConfiguration, `${name}/${id}`).toEqual({
          BlockPublicAcls: true,
          BlockPublicPolicy: true,
          IgnorePublicAcls: true,
          RestrictPublicBuckets: true,
        });
        expect(json(bucket.Properties?.BucketEncryption), `${name}/${id}`).toMatch(/AES256|aws:kms/);
      }
    }
    expect(count).toBeGreaterThanOrEqual(3);
  });

  it('denies non-TLS access on every bucket', () => {
    for (const [, template] of allTemplates()) {
      for (const policy of Object.values(resourcesOf(template, 'AWS::S3::BucketPolicy'))) {
        expect(json(policy.Properties?.PolicyDocument)).toContain('"aws:SecureTransport":"false"');
      }
    }
  });

  it('encrypts the table, with point-in-time recovery, TTL and RETAIN in prod', () => {
    synth.templates.data.hasResource('AWS::DynamoDB::Table', {
      Properties: Match.objectLike({
        SSESpecification: { SSEEnabled: true },
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        TimeToLiveSpecification: { AttributeName: 'ttl', Enabled: true },
        DeletionProtectionEnabled: true,
      }),
      DeletionPolicy: 'Retain',
    });
  });

  it('lets the uploads bucket take presigned POST/GET from the site origin only', () => {
    synth.templates.data.hasResourceProperties('AWS::S3::Bucket', {
      CorsConfiguration: {
        CorsRules: [
          Match.objectLike({
            AllowedOrigins: ['https://app.kinoko.example'],
            AllowedMethods: ['POST', 'GET', 'HEAD'],
          }),
        ],
      },
      VersioningConfiguration: { Status: 'Enabled' },
      LifecycleConfiguration: {
        Rules: Match.arrayWith([
          Match.objectLike({ AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 } }),
        ]),
      },
    });
  });
});

describe('the app secret', () => {
  const readsSecret = (s: Statement) =>
    [s.Action].flat().includes('secretsmanager:GetSecretValue') && json(s.Resource).includes('AppSecret');

  it('is readable by the HTTP handlers, $connect and the push consumers (the VAPID private key) only', () => {
    const pushConsumers = streamConsumers.map((c) => c.handler).filter((h) => h.startsWith('streams/push-'));
    expect(pushConsumers).toHaveLength(2);
    const expected = [
      ...new Set([...httpRoutes.map((r) => r.handler), 'ws/connect', ...pushConsumers]),
    ].sort();
    expect(handlersGranted(readsSecret)).toEqual(expected);
  });

  it('is named in APP_SECRET_ARN exactly where it is readable', () => {
    const functions = Object.values(apiResourcesOf(synth, 'AWS::Lambda::Function'));
    const withArn = functions
      .filter((f) => json(f.Properties?.Environment).includes('APP_SECRET_ARN'))
      .map((f) => f.Properties?.Description as string)
      .sort();
    expect(withArn).toEqual(handlersGranted(readsSecret));
  });

  it('is granted by no policy outside the Api stack and its area stacks', () => {
    for (const [name, template] of allTemplates()) {
      if (name === 'api' || name.startsWith('api/')) continue;
      for (const statements of roleStatements(template).values()) {
        expect(json(statements), name).not.toContain('secretsmanager:GetSecretValue');
      }
    }
  });

  it('keeps the disconnect and default WebSocket handlers away from it', () => {
    const readers = handlersGranted(readsSecret);
    expect(readers).not.toContain('ws/disconnect');
    expect(readers).not.toContain('ws/default');
  });
});

describe('the audit log', () => {
  const changesItems = (s: Statement) =>
    s.Effect === 'Allow' && [s.Action].flat().some((a) => AUDIT_PROTECTED.includes(a) || a === 'dynamodb:*');
  const deniesAuditChanges = (s: Statement) =>
    s.Effect === 'Deny' &&
    AUDIT_PROTECTED.every((a) => [s.Action].flat().includes(a)) &&
    json((s as Statement & { Condition?: unknown }).Condition) ===
      json({ 'ForAnyValue:StringLike': { 'dynamodb:LeadingKeys': ['audit#*'] } });

  it('is append-only: every function that may change or delete items is denied it on audit entries', () => {
    const writers = handlersGranted(changesItems);
    expect(writers).toEqual(expect.arrayContaining(['http/admin/audit', 'http/admin/auth-login']));
    expect(writers.filter((h) => !handlersGranted(deniesAuditChanges).includes(h))).toEqual([]);
  });

  it('denies it on the table itself', () => {
    for (const template of [synth.templates.api, ...synth.areaTemplates.values()])
      for (const statements of roleStatements(template).values())
        for (const deny of statements.filter(deniesAuditChanges))
          expect(json(deny.Resource)).toMatch(/Table|table/);
  });
});

describe('mail', () => {
  it('lets a function send mail exactly when its bundle holds the SES client', () => {
    const sizes = JSON.parse(readFileSync(path.join(synth.config.functionsDir, 'sizes.json'), 'utf8')) as {
      bundles: { handler: string; sendsMail?: true }[];
    };
    const mailing = sizes.bundles.filter((b) => b.sendsMail).map((b) => b.handler);
    expect(mailing.length).toBeGreaterThan(0);
    const granted = sizes.bundles
      .filter((b) => grantsFor(b.handler).includes('sendMail'))
      .map((b) => b.handler);
    // A bundle that mails without the grant fails in AWS only (the local SES stand-in checks no IAM).
    expect(mailing.filter((h) => !granted.includes(h))).toEqual([]);
    expect(granted.filter((h) => !mailing.includes(h))).toEqual([]);
  });
});

describe('web push', () => {
  it('bundles web-push into the push consumers only, which read the VAPID key from the app secret', () => {
    const sizes = JSON.parse(readFileSync(path.join(synth.config.functionsDir, 'sizes.json'), 'utf8')) as {
      bundles: { handler: string; sendsPush?: true }[];
    };
    const pushing = sizes.bundles.filter((b) => b.sendsPush).map((b) => b.handler);
    expect(pushing.sort()).toEqual(['streams/push-messages', 'streams/push-notices']);
    for (const handler of pushing) expect(grantsFor(handler)).toContain('appSecret');
  });
});

describe('scheduler', () => {
  it('lets its role invoke the job functions and write to its dead-letter queue, nothing else', () => {
    const role = resourcesOf(synth.templates.jobs, 'AWS::IAM::Role');
    const [roleId, roleResource] =
      Object.entries(role).find(([, r]) => r.Properties?.RoleName === 'kinoko-prod-scheduler') ?? [];
    expect(roleId).toBeDefined();
    expect(json(roleResource?.Properties?.AssumeRolePolicyDocument)).toContain('scheduler.amazonaws.com');
    expect(roleResource?.Properties?.ManagedPolicyArns).toBeUndefined();
    expect(roleResource?.Properties?.Policies).toBeUndefined();

    const policies = Object.values(resourcesOf(synth.templates.jobs, 'AWS::IAM::Policy'));
    const statements = policies
      .filter((p) => json(p.Properties?.Roles).includes(`"${roleId}"`))
      .flatMap(statementsOf);
    expect(statements).toHaveLength(2);
    const [queueId] = Object.keys(resourcesOf(synth.templates.jobs, 'AWS::SQS::Queue'));
    const send = statements.find((s) => json(s.Action).includes('sqs:SendMessage'));
    expect(send?.Resource).toEqual({ 'Fn::GetAtt': [queueId, 'Arn'] });
    statements.splice(statements.indexOf(send as (typeof statements)[number]), 1);
    expect(statements[0]?.Action).toBe('lambda:InvokeFunction');
    // One resource: the stand-in job's function, by its name (no export ties Jobs to the Api stack).
    expect([statements[0]?.Resource].flat()).toHaveLength(1);
    expect(json(statements[0]?.Resource)).toContain(
      `:function:kinoko-prod-${handlerId(standInJob.handler)}"`,
    );
    const fn = Object.values(apiResourcesOf(synth, 'AWS::Lambda::Function')).find(
      (f) => f.Properties.Description === standInJob.handler,
    );
    expect(fn?.Properties.FunctionName).toBe(`kinoko-prod-${handlerId(standInJob.handler)}`);
    expect(synth.stacks.jobs.dependencies).toContain(synth.stacks.api);
  });

  it('runs recurring jobs in Asia/Tokyo in the stage group through that role', () => {
    synth.templates.jobs.hasResourceProperties('AWS::Scheduler::Schedule', {
      Name: 'stand-in-daily',
      GroupName: 'kinoko-prod',
      ScheduleExpression: 'cron(0 0 * * ? *)',
      ScheduleExpressionTimezone: 'Asia/Tokyo',
      Target: Match.objectLike({ RoleArn: Match.anyValue() }),
    });
    synth.templates.jobs.hasResourceProperties('AWS::Scheduler::ScheduleGroup', { Name: 'kinoko-prod' });
  });

  it('gives schedule creation and PassRole only to functions with the schedules grant', () => {
    const passRole = (s: Statement) => [s.Action].flat().includes('iam:PassRole');
    // The post form and delete create and delete a scheduled post's one-time schedule (issue 14),
    // the scheduled broadcast's form and delete a reserve's (issue 15); nothing else passes the role
    // (the jobs' functions are in the Jobs stack's own check).
    expect(handlersGranted(passRole)).toEqual([
      'http/broadcasting/reserve-delete',
      'http/broadcasting/reserve-save',
      'http/fanclub/post-delete',
      'http/fanclub/post-save',
    ]);
    const createsSchedules = (s: Statement) => [s.Action].flat().includes('scheduler:CreateSchedule');
    expect(handlersGranted(createsSchedules)).toEqual(handlersGranted(passRole));
  });
});

describe('whole app', () => {
  it('keeps every stack and area stack under 400 resources (scale.test.ts: also at 150 routes)', () => {
    const counts = Object.fromEntries(
      allTemplates().map(([name, t]) => [name, Object.keys(resourcesOf(t)).length]),
    );
    console.log('resources per stack (manifest):', counts);
    for (const [name, count] of Object.entries(counts)) expect(count, name).toBeLessThan(400);
  });

  it('passes cdk-nag AwsSolutions with every acknowledgement explained', () => {
    const report = new AwsSolutionsChecks(synth.app).validateScope(synth.app);
    const violations = report.violations.map(
      (v) =>
        `${v.ruleName} at ${v.violatingResources.map((r) => r.constructPath ?? r.resourceLogicalId).join(', ')}`,
    );
    expect(violations).toEqual([]);

    const acknowledged = acknowledgements(synth.app);
    console.log(`cdk-nag acknowledgements (${acknowledged.length}):`);
    for (const a of acknowledged) console.log(`  ${a.path}: ${a.id} — ${a.reason}`);
    for (const a of acknowledged) expect(a.reason.length, a.id).toBeGreaterThan(20);
  });

  it('leaves no CDK warning or error annotations', () => {
    // A top-level stack's annotations include those of its nested (area) stacks.
    for (const stack of Object.values(synth.stacks) as Stack[]) {
      const annotations = Annotations.fromStack(stack);
      expect(annotations.findError('*', Match.anyValue()), stack.stackName).toEqual([]);
      expect(annotations.findWarning('*', Match.anyValue()), stack.stackName).toEqual([]);
    }
  });

  it('gives every WebSocket handler its own function', () => {
    const names = Object.values(apiResourcesOf(synth, 'AWS::Lambda::Function')).map(
      (f) => f.Properties?.Description,
    );
    for (const route of wsRoutes) expect(names).toContain(route.handler);
  });
});

function acknowledgements(root: IConstruct): { path: string; id: string; reason: string }[] {
  const out: { path: string; id: string; reason: string }[] = [];
  for (const node of root.node.findAll()) {
    for (const entry of node.node.metadata) {
      if (entry.type !== Validations.ACKNOWLEDGED_RULES_METADATA_KEY) continue;
      for (const [id, reason] of Object.entries(entry.data as Record<string, string>)) {
        out.push({ path: node.node.path, id: id.replace(/^Annotation::/, ''), reason });
      }
    }
  }
  return out;
}

describe('edge (CloudFront)', () => {
  it('puts the site and API behind a us-east-1 WAF web ACL that rate-limits sign-in with a 429', () => {
    expect(synth.stacks.waf.region).toBe('us-east-1');
    const [acl] = Object.values(resourcesOf(synth.templates.waf, 'AWS::WAFv2::WebACL'));
    expect(acl?.Properties.Scope).toBe('CLOUDFRONT');
    const rules = acl?.Properties.Rules as {
      Name: string;
      Statement: { RateBasedStatement?: Record<string, unknown> };
      Action?: { Block?: { CustomResponse: Record<string, unknown> } };
    }[];
    const auth = rules.find((r) => r.Name === 'auth-rate');
    expect(auth?.Statement.RateBasedStatement).toMatchObject({
      AggregateKeyType: 'IP',
      Limit: synth.config.wafAuthRequestsPerWindow,
      EvaluationWindowSec: synth.config.wafWindowSeconds,
      ScopeDownStatement: {
        ByteMatchStatement: { SearchString: '/api/auth/', PositionalConstraint: 'STARTS_WITH' },
      },
    });
    expect(auth?.Action?.Block?.CustomResponse).toMatchObject({
      ResponseCode: 429,
      ResponseHeaders: [{ Name: 'retry-after', Value: String(synth.config.wafWindowSeconds) }],
    });
    const bodies = acl?.Properties.CustomResponseBodies as Record<string, { Content: string }>;
    const key = auth?.Action?.Block?.CustomResponse.CustomResponseBodyKey as string;
    expect(JSON.parse(bodies[key]?.Content ?? '{}')).toEqual({
      code: 'rate_limited',
      message: 'errors.rateLimited',
      params: { minutes: synth.config.wafWindowSeconds / 60 },
      retry_after: synth.config.wafWindowSeconds,
    });
    expect(Object.keys(resourcesOf(synth.templates.waf, 'AWS::WAFv2::LoggingConfiguration'))).toHaveLength(1);

    const [distribution] = Object.values(resourcesOf(synth.templates.site, 'AWS::CloudFront::Distribution'));
    const config = distribution?.Properties.DistributionConfig as { WebACLId?: unknown };
    expect(config.WebACLId).toBeDefined();
  });

  it('builds the response headers policy from the definition the local cloud sends', () => {
    const [policy] = Object.values(
      resourcesOf(synth.templates.site, 'AWS::CloudFront::ResponseHeadersPolicy'),
    );
    const policyConfig = (policy?.Properties.ResponseHeadersPolicyConfig ?? {}) as Record<string, unknown>;
    const headers = policyConfig.SecurityHeadersConfig as Record<string, Record<string, unknown>>;
    // Tokens (the WebSocket API id, the uploads bucket's domain) read as X on both sides.
    const flatten = (value: unknown): string => {
      if (typeof value === 'string') return value;
      const join = (value as { 'Fn::Join'?: [string, unknown[]] })['Fn::Join'];
      return join ? join[1].map(flatten).join(join[0]) : 'X';
    };
    const expected = securityHeaders({
      websocket: `wss://X.execute-api.${synth.config.region}.amazonaws.com`,
      uploads: 'https://X',
    });
    expect(flatten(headers.ContentSecurityPolicy?.ContentSecurityPolicy)).toBe(
      expected['content-security-policy'],
    );
    const sts = headers.StrictTransportSecurity ?? {};
    expect(
      `max-age=${sts.AccessControlMaxAgeSec}${sts.IncludeSubdomains ? '; includeSubDomains' : ''}${sts.Preload ? '; preload' : ''}`,
    ).toBe(expected['strict-transport-security']);
    expect(headers.FrameOptions?.FrameOption).toBe(expected['x-frame-options']);
    expect(headers.ReferrerPolicy?.ReferrerPolicy).toBe(expected['referrer-policy']);
    expect(headers.ContentTypeOptions?.Override).toBe(true);
  });
});

describe('site deployment', () => {
  it('uploads no source map and no script that points at one', () => {
    const assembly = synth.app.synth();
    const manifest = JSON.parse(
      readFileSync(path.join(assembly.directory, `${synth.stacks.site.artifactId}.assets.json`), 'utf8'),
    ) as { files: Record<string, { source: { path: string; packaging: string } }> };
    const dirs = Object.values(manifest.files)
      .filter((f) => f.source.packaging === 'zip')
      .map((f) => path.join(assembly.directory, f.source.path))
      .filter((dir) => existsSync(path.join(dir, 'index.html')));
    expect(dirs.length).toBeGreaterThan(0);
    for (const dir of dirs) {
      const files = readdirSync(dir, { recursive: true }).map(String);
      expect(files.filter((f) => f.endsWith('.map'))).toEqual([]);
      for (const script of files.filter((f) => f.endsWith('.js')))
        expect(readFileSync(path.join(dir, script), 'utf8'), script).not.toContain('sourceMappingURL=');
    }
  });
});

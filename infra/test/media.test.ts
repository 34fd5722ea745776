/**
 * The media pipeline's infrastructure (docs/architecture.md "Media"): the media bucket's lifecycle
 * and CloudFront access, the `/media/*` behaviour, GuardDuty Malware Protection for S3 on uploads,
 * the grants of the media handlers, and the runtime of the bundle that carries sharp.
 */
import { mediaConfig } from '@app/shared/media';
import { Match } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { uploadsBucketName } from '../src/config.ts';
import { apiResourcesOf, resourcesOf, type SynthResult, synthApp, UPLOAD_CHECKERS } from './synth.ts';

let synth: SynthResult;
let bucketName: string;
beforeAll(() => {
  synth = synthApp();
  bucketName = uploadsBucketName(synth.config, synth.config.account ?? '', synth.config.region);
});

describe('the media bucket', () => {
  it('expires unused uploads after a day, aborts unfinished multipart uploads, drops deleted versions', () => {
    synth.templates.data.hasResourceProperties('AWS::S3::Bucket', {
      BucketName: bucketName,
      VersioningConfiguration: { Status: 'Enabled' },
      LifecycleConfiguration: {
        Rules: Match.arrayWith([
          Match.objectLike({ AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 }, Status: 'Enabled' }),
          Match.objectLike({
            Id: 'ExpireUnusedUploads',
            Prefix: 'uploads/',
            ExpirationInDays: mediaConfig.uploadExpiryDays,
            Status: 'Enabled',
          }),
          Match.objectLike({
            NoncurrentVersionExpiration: { NoncurrentDays: mediaConfig.deletedVersionDays },
          }),
        ]),
      },
    });
  });

  it('lets CloudFront of this account read public media (media/*) and nothing else', () => {
    const policies = Object.values(resourcesOf(synth.templates.data, 'AWS::S3::BucketPolicy'));
    const statements = policies.flatMap(
      (p) => (p.Properties.PolicyDocument as { Statement: Record<string, unknown>[] }).Statement,
    );
    const cloudFront = statements.filter((s) =>
      JSON.stringify(s.Principal).includes('cloudfront.amazonaws.com'),
    );
    expect(cloudFront).toHaveLength(1);
    const [statement] = cloudFront;
    expect(statement).toMatchObject({ Effect: 'Allow', Action: 's3:GetObject' });
    expect(JSON.stringify(statement?.Resource)).toContain('/media/*');
    expect(statement?.Condition).toMatchObject({
      StringEquals: { 'AWS:SourceAccount': synth.config.account },
    });
    expect(JSON.stringify(statement?.Condition)).toContain(
      `:cloudfront::${synth.config.account}:distribution/*`,
    );
  });
});

describe('CloudFront', () => {
  it('serves /media/* from the media bucket through origin access control, cached a year, with nosniff', () => {
    const [distribution] = Object.values(resourcesOf(synth.templates.site, 'AWS::CloudFront::Distribution'));
    const config = distribution?.Properties.DistributionConfig as {
      CacheBehaviors: Record<string, unknown>[];
      Origins: {
        Id: string;
        DomainName: unknown;
        OriginAccessControlId?: unknown;
        S3OriginConfig?: unknown;
      }[];
    };
    const media = config.CacheBehaviors.find((b) => b.PathPattern === '/media/*');
    expect(media).toMatchObject({
      AllowedMethods: ['GET', 'HEAD'],
      ViewerProtocolPolicy: 'redirect-to-https',
      Compress: false,
    });
    const origin = config.Origins.find((o) => o.Id === media?.TargetOriginId);
    expect(JSON.stringify(origin?.DomainName)).toContain(bucketName);
    expect(origin?.OriginAccessControlId).toBeDefined();
    // No behaviour serves uploads/; private/ only by presigned GET (below).
    expect(config.CacheBehaviors.map((b) => b.PathPattern).sort()).toEqual([
      '/api/*',
      '/media/*',
      '/private/*',
    ]);

    const cachePolicies = resourcesOf(synth.templates.site, 'AWS::CloudFront::CachePolicy');
    const cacheId = (media?.CachePolicyId as { Ref: string } | undefined)?.Ref ?? '';
    expect(cachePolicies[cacheId]?.Properties.CachePolicyConfig).toMatchObject({
      DefaultTTL: mediaConfig.publicCacheSeconds,
      MaxTTL: mediaConfig.publicCacheSeconds,
      ParametersInCacheKeyAndForwardedToOrigin: {
        CookiesConfig: { CookieBehavior: 'none' },
        QueryStringsConfig: { QueryStringBehavior: 'none' },
      },
    });
    const headersId = (media?.ResponseHeadersPolicyId as { Ref: string } | undefined)?.Ref ?? '';
    const headers = resourcesOf(synth.templates.site, 'AWS::CloudFront::ResponseHeadersPolicy')[headersId];
    expect(headers?.Properties.ResponseHeadersPolicyConfig).toMatchObject({
      SecurityHeadersConfig: { ContentTypeOptions: { Override: true } },
    });
  });
});

describe('private media through the distribution', () => {
  it('passes presigned GETs of /private/* to the bucket unchanged (no OAC, query forwarded, nothing cached) with nosniff', () => {
    const [distribution] = Object.values(resourcesOf(synth.templates.site, 'AWS::CloudFront::Distribution'));
    const config = distribution?.Properties.DistributionConfig as {
      CacheBehaviors: Record<string, unknown>[];
      Origins: { Id: string; DomainName: unknown; OriginAccessControlId?: unknown }[];
    };
    const behaviour = config.CacheBehaviors.find((b) => b.PathPattern === '/private/*');
    expect(behaviour).toMatchObject({
      AllowedMethods: ['GET', 'HEAD'],
      ViewerProtocolPolicy: 'https-only',
      CachePolicyId: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad', // CachingDisabled
    });
    const origin = config.Origins.find((o) => o.Id === behaviour?.TargetOriginId);
    expect(JSON.stringify(origin?.DomainName)).toContain(`${bucketName}.s3.${synth.config.region}`);
    expect(origin?.OriginAccessControlId).toBeUndefined();
    const requestId = (behaviour?.OriginRequestPolicyId as { Ref: string } | undefined)?.Ref ?? '';
    const request = resourcesOf(synth.templates.site, 'AWS::CloudFront::OriginRequestPolicy')[requestId];
    expect(request?.Properties.OriginRequestPolicyConfig).toMatchObject({
      QueryStringsConfig: { QueryStringBehavior: 'all' },
      HeadersConfig: { HeaderBehavior: 'none' },
      CookiesConfig: { CookieBehavior: 'none' },
    });
    const headersId = (behaviour?.ResponseHeadersPolicyId as { Ref: string } | undefined)?.Ref ?? '';
    const headers = resourcesOf(synth.templates.site, 'AWS::CloudFront::ResponseHeadersPolicy')[headersId];
    expect(headers?.Properties.ResponseHeadersPolicyConfig).toMatchObject({
      SecurityHeadersConfig: { ContentTypeOptions: { Override: true } },
    });
  });
});

describe('GuardDuty Malware Protection for S3', () => {
  it('scans new uploads (uploads/ prefix) of the media bucket and tags them with the result', () => {
    synth.templates.data.hasResourceProperties('AWS::GuardDuty::MalwareProtectionPlan', {
      ProtectedResource: {
        S3Bucket: { BucketName: { Ref: Match.anyValue() }, ObjectPrefixes: ['uploads/'] },
      },
      Actions: { Tagging: { Status: 'ENABLED' } },
      Role: { 'Fn::GetAtt': [Match.stringLikeRegexp('MalwareProtectionRole'), 'Arn'] },
      Tags: Match.arrayWith([{ Key: 'kinoko:stage', Value: 'prod' }]),
    });
  });

  it('through a role GuardDuty assumes, that tags and reads objects of that bucket and manages its own rule', () => {
    const roles = Object.values(resourcesOf(synth.templates.data, 'AWS::IAM::Role')).filter((r) =>
      JSON.stringify(r.Properties.AssumeRolePolicyDocument).includes(
        'malware-protection-plan.guardduty.amazonaws.com',
      ),
    );
    expect(roles).toHaveLength(1);
    const policies = Object.values(resourcesOf(synth.templates.data, 'AWS::IAM::Policy'));
    const actions = policies.flatMap((p) =>
      (p.Properties.PolicyDocument as { Statement: { Action: string | string[] }[] }).Statement.flatMap(
        (s) => s.Action,
      ),
    );
    expect(actions).toEqual(
      expect.arrayContaining([
        's3:PutObjectTagging',
        's3:GetObject',
        's3:PutBucketNotification',
        'events:PutRule',
        'events:DescribeRule',
      ]),
    );
  });

  it('is what the functions wait for: MEDIA_SCAN=guardduty in every function', () => {
    const fns = Object.values(apiResourcesOf(synth, 'AWS::Lambda::Function'));
    for (const fn of fns) {
      expect((fn.Properties.Environment as { Variables: Record<string, string> }).Variables.MEDIA_SCAN).toBe(
        'guardduty',
      );
    }
  });
});

describe('media handlers', () => {
  it('run the check step (sharp) on x86_64 with 1 GB, everything else on arm64', () => {
    const fns = Object.values(apiResourcesOf(synth, 'AWS::Lambda::Function'));
    const x86 = fns.filter((f) => JSON.stringify(f.Properties.Architectures) === '["x86_64"]');
    expect(x86.map((f) => f.Properties.Description).sort()).toEqual([...UPLOAD_CHECKERS].sort());
    for (const f of x86) expect(f.Properties.MemorySize).toBe(1024);
  });

  it('let the clean-up consumers list and delete media, and write nothing else', () => {
    for (const handler of ['streams/chat-message-files', 'streams/chat-room-files']) {
      const template = synth.areaTemplates.get('chat');
      if (!template) throw new Error('no chat area');
      const fn = Object.values(resourcesOf(template, 'AWS::Lambda::Function')).find(
        (f) => f.Properties.Description === handler,
      );
      const roleId = (fn?.Properties.Role as { 'Fn::GetAtt': string[] } | undefined)?.['Fn::GetAtt'][0] ?? '';
      const role = resourcesOf(template, 'AWS::IAM::Role')[roleId];
      const actions = (
        (role?.Properties.Policies ?? []) as {
          PolicyDocument: { Statement: { Action: string | string[] }[] };
        }[]
      )
        .flatMap((p) => p.PolicyDocument.Statement)
        .flatMap((st) => st.Action);
      expect(actions.filter((a) => a.startsWith('s3:')).sort(), handler).toEqual([
        's3:DeleteObject',
        's3:ListBucket',
      ]);
      expect(
        actions.filter((a) => /^dynamodb:(Put|Update|Delete|BatchWrite|TransactWrite)/.test(a)),
        handler,
      ).toEqual([]);
    }
  });
});

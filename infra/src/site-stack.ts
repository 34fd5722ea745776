import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { businessConfig } from '@app/shared/config';
import { mediaConfig } from '@app/shared/media';
import { inlineRuntimeConfig, type RuntimeConfig } from '@app/shared/runtime-config';
import { prerenderedFiles } from '@app/shared/site-routes';
import { Annotations, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import type { Construct } from 'constructs';
import type { ApiStack } from './api-stack.ts';
import { type AppConfig, uploadsBucketName } from './config.ts';
import type { DataStack } from './data-stack.ts';
import { acknowledge, acknowledgeWildcardsUnder } from './nag.ts';
import { contentSecurityPolicy, FRAME_OPTIONS, HSTS, REFERRER_POLICY } from './security-headers.ts';
import { APP_SHELL, NOT_FOUND_PAGE, renderSiteRouterCode, renderSiteStatusCode } from './site-router.ts';
import type { WafStack } from './waf-stack.ts';

export interface SiteStackProps extends StackProps {
  config: AppConfig;
  data: DataStack;
  api: ApiStack;
  waf: WafStack;
}

/** The web client's runtime configuration: written into the app shell, also served as /config.json. */
export interface WebRuntimeConfig extends RuntimeConfig {
  apiBase: '/api';
}

export function assertSiteBuilt(siteDir: string): void {
  const missing = [APP_SHELL, NOT_FOUND_PAGE].filter((f) => !existsSync(path.join(siteDir, f)));
  if (missing.length > 0) {
    throw new Error(
      `The site build in ${siteDir} lacks ${missing.join(', ')}: run \`npm run build:web\` or pass -c siteDir=<dir>`,
    );
  }
}

/**
 * S3 (private, OAC) + CloudFront. The default behaviour serves the site through the generated
 * router functions (see site-router.ts for the 404 design: no distribution-wide error responses,
 * so the API's own 403/404 answers pass through /api/* untouched).
 */
export class SiteStack extends Stack {
  readonly distribution: cloudfront.Distribution;
  readonly siteBucket: s3.Bucket;

  constructor(scope: Construct, id: string, props: SiteStackProps) {
    super(scope, id, props);
    const { config, data, api, waf } = props;
    assertSiteBuilt(config.siteDir);

    this.siteBucket = new s3.Bucket(this, 'SiteBucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: data.logsBucket,
      serverAccessLogsPrefix: 'site/',
      removalPolicy: RemovalPolicy.DESTROY,
    });

    const router = new cloudfront.Function(this, 'SiteRouter', {
      comment: 'Known screens -> app shell, unknown -> not-found page, market host -> app host',
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      code: cloudfront.FunctionCode.fromInline(
        renderSiteRouterCode({
          appHost: config.appHost,
          ...(config.marketHost ? { marketHost: config.marketHost } : {}),
        }),
      ),
    });
    const notFoundStatus = new cloudfront.Function(this, 'SiteNotFoundStatus', {
      comment: 'Status 404 on the not-found page',
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      code: cloudfront.FunctionCode.fromInline(renderSiteStatusCode()),
    });

    // Built from the one definition the local cloud also sends (security-headers.ts).
    const securityHeaders = new cloudfront.ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'HSTS, nosniff, no framing, strict referrer, CSP (infra/src/security-headers.ts)',
      securityHeadersBehavior: {
        strictTransportSecurity: {
          accessControlMaxAge: Duration.seconds(HSTS.maxAgeSeconds),
          includeSubdomains: HSTS.includeSubdomains,
          preload: HSTS.preload,
          override: true,
        },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: cloudfront.HeadersFrameOption[FRAME_OPTIONS], override: true },
        referrerPolicy: {
          referrerPolicy: REFERRER_POLICY as cloudfront.HeadersReferrerPolicy,
          override: true,
        },
        contentSecurityPolicy: {
          contentSecurityPolicy: contentSecurityPolicy({
            websocket: `wss://${api.webSocketApi.apiId}.execute-api.${config.region}.amazonaws.com`,
            uploads: `https://${data.uploadsBucket.bucketRegionalDomainName}`,
          }),
          override: true,
        },
      },
    });

    // Public media (avatars, backgrounds, thumbnails, samples, logos: shared/src/media.ts) from the
    // media bucket's `media/` prefix. Keys are never rewritten (a new upload gets a new key), so
    // they are cached for a year. The bucket's policy (Data stack) lets CloudFront read `media/*`
    // only; the bucket is named here rather than referenced, so the Data stack does not depend on
    // this one (CDK cannot add the distribution's ARN to another stack's bucket policy).
    const mediaBucket = s3.Bucket.fromBucketAttributes(this, 'MediaBucket', {
      bucketName: uploadsBucketName(config, this.account, this.region),
      region: config.region,
    });
    const mediaCache = new cloudfront.CachePolicy(this, 'MediaCache', {
      comment: 'Public media: immutable keys, cached a year; no cookies, headers or query strings',
      defaultTtl: Duration.seconds(mediaConfig.publicCacheSeconds),
      minTtl: Duration.days(1),
      maxTtl: Duration.seconds(mediaConfig.publicCacheSeconds),
      cookieBehavior: cloudfront.CacheCookieBehavior.none(),
      headerBehavior: cloudfront.CacheHeaderBehavior.none(),
      queryStringBehavior: cloudfront.CacheQueryStringBehavior.none(),
    });

    // Private media: presigned GETs minted by the functions for the bucket's own host are handed out
    // under the site's /private/ path (functions/src/lib/media-store.ts `throughSite`). This
    // behaviour passes path and signed query to the bucket's regional endpoint unchanged, without
    // origin access control (the request carries its own signature, which S3 checks), caches
    // nothing, and adds the security headers (nosniff) that S3 cannot send.
    const privateMediaRequests = new cloudfront.OriginRequestPolicy(this, 'PrivateMediaRequests', {
      comment: 'Presigned S3 GETs: the signed query string goes to S3 as it came',
      queryStringBehavior: cloudfront.OriginRequestQueryStringBehavior.all(),
      headerBehavior: cloudfront.OriginRequestHeaderBehavior.none(),
      cookieBehavior: cloudfront.OriginRequestCookieBehavior.none(),
    });

    const domainNames = config.certificateArn
      ? [config.appHost, ...(config.marketHost ? [config.marketHost] : [])]
      : undefined;
    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: `kinoko ${config.stage} site and API`,
      ...(config.certificateArn && domainNames
        ? {
            domainNames,
            certificate: acm.Certificate.fromCertificateArn(this, 'Certificate', config.certificateArn),
            minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021,
          }
        : {}),
      webAclId: waf.webAcl.attrArn,
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      priceClass: cloudfront.PriceClass.PRICE_CLASS_200,
      defaultRootObject: '',
      enableLogging: true,
      logBucket: data.logsBucket,
      logFilePrefix: 'cloudfront/',
      defaultBehavior: {
        origin: origins.S3BucketOrigin.withOriginAccessControl(this.siteBucket),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: securityHeaders,
        compress: true,
        functionAssociations: [
          { function: router, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST },
          { function: notFoundStatus, eventType: cloudfront.FunctionEventType.VIEWER_RESPONSE },
        ],
      },
      additionalBehaviors: {
        [`/${mediaConfig.prefixes.public}*`]: {
          origin: origins.S3BucketOrigin.withOriginAccessControl(mediaBucket, {
            originAccessLevels: [cloudfront.AccessLevel.READ],
          }),
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
          cachePolicy: mediaCache,
          responseHeadersPolicy: securityHeaders,
          // WebP, video and ZIP are compressed already.
          compress: false,
        },
        [`/${mediaConfig.prefixes.private}*`]: {
          origin: origins.S3BucketOrigin.withBucketDefaults(mediaBucket),
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
          cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
          originRequestPolicy: privateMediaRequests,
          responseHeadersPolicy: securityHeaders,
          compress: false,
        },
        '/api/*': {
          origin: new origins.HttpOrigin(api.httpApiDomain, {
            protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
            originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
          }),
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
          cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
          originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: securityHeaders,
        },
      },
    });

    // Hashed assets keep a long cache and stay after a deploy (open tabs still load them);
    // everything else is revalidated and replaced, and the shell is invalidated.
    new s3deploy.BucketDeployment(this, 'DeployAssets', {
      sources: [s3deploy.Source.asset(config.siteDir)],
      destinationBucket: this.siteBucket,
      exclude: ['*'],
      include: ['assets/*'],
      prune: false,
      cacheControl: [s3deploy.CacheControl.fromString('public, max-age=31536000, immutable')],
      memoryLimit: 512,
    });
    const runtimeConfig: WebRuntimeConfig = {
      stage: config.stage,
      apiBase: '/api',
      wsUrl: api.webSocketUrl,
      // The legal pages' operator details (context `operator`; prod refuses placeholders).
      operator: config.operator,
    };
    // The configuration is written into the shell (no request before the first paint); the WebSocket
    // URL is a deploy-time value, which Source.data resolves. These sources come after the build's
    // own files, which they replace.
    const shell = (file: string) =>
      s3deploy.Source.data(
        file,
        inlineRuntimeConfig(readFileSync(path.join(config.siteDir, file), 'utf8'), runtimeConfig),
      );
    new s3deploy.BucketDeployment(this, 'DeployShell', {
      sources: [
        s3deploy.Source.asset(config.siteDir),
        s3deploy.Source.jsonData('config.json', runtimeConfig),
        shell(APP_SHELL.replace(/^\//, '')),
        shell(NOT_FOUND_PAGE.replace(/^\//, '')),
        // The pre-rendered pages (the landing pages) carry the configuration too.
        ...prerenderedPageFiles(config.siteDir).map(shell),
      ],
      destinationBucket: this.siteBucket,
      exclude: ['assets/*'],
      cacheControl: [s3deploy.CacheControl.fromString('no-cache')],
      distribution: this.distribution,
      distributionPaths: ['/*'],
      memoryLimit: 512,
    });

    // The media bucket's policy is written in the Data stack (CloudFrontReadsPublicMedia), which
    // CDK cannot see from here for a bucket named rather than referenced.
    Annotations.of(this).acknowledgeWarning(
      '@aws-cdk/aws-cloudfront-origins:updateImportedBucketPolicyOac',
      'The media bucket policy (Data stack) already lets this account’s CloudFront read media/* only.',
    );
    acknowledge(
      this.distribution,
      'AwsSolutions-CFR1',
      'No geo restriction: the product serves fans in and outside Japan (prefecture code 999).',
    );
    if (!config.certificateArn) {
      acknowledge(
        this.distribution,
        'AwsSolutions-CFR4',
        'Only without certificateArn (never in prod): the default *.cloudfront.net certificate’s TLS policy cannot be chosen.',
      );
    }
    this.acknowledgeBucketDeploymentHandler();
  }

  /** The BucketDeployment custom resource handler is CDK's own singleton Lambda. */
  private acknowledgeBucketDeploymentHandler(): void {
    const handler = this.node.children.find((c) => c.node.id.startsWith('Custom::CDKBucketDeployment'));
    if (!handler) throw new Error('BucketDeployment handler not found');
    const reason =
      'CDK’s BucketDeployment handler (deploy time only): copies the site from the CDK asset bucket.';
    acknowledgeWildcardsUnder(
      handler,
      `${reason} CDK generates its policy: object wildcards on the asset and site buckets, CreateInvalidation on any distribution.`,
    );
    acknowledge(
      handler,
      'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
      `${reason} CDK attaches the basic execution role for its logs.`,
    );
    acknowledge(handler, 'AwsSolutions-L1', `${reason} CDK pins the runtime of its own handler.`);
  }
}

/** The pre-rendered pages the web build wrote (shared/src/site-routes.ts), relative to the site. */
export function prerenderedPageFiles(siteDir: string): string[] {
  const relative = prerenderedFiles(businessConfig.languages).map((f) => f.replace(/^\//, ''));
  const missing = relative.filter((f) => !existsSync(path.join(siteDir, f)));
  if (missing.length > 0) {
    throw new Error(
      `The site build lacks its pre-rendered pages (${missing.join(', ')}): run npm run build:web`,
    );
  }
  return relative;
}

import { type ErrorBody, errorCatalog } from '@app/shared/errors';
import { ArnFormat, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import type { AppConfig } from './config.ts';

export interface WafStackProps extends StackProps {
  config: AppConfig;
}

/**
 * The body a rate-limited caller gets: the API's own rate-limit error (functions/src/lib/errors.ts
 * `retryIn`), so the client shows its ja/en text with the minutes to wait.
 */
export function rateLimitedBody(retryAfterSeconds: number): string {
  const body: ErrorBody = {
    code: 'rate_limited',
    message: errorCatalog.rate_limited.key,
    params: { minutes: Math.max(1, Math.ceil(retryAfterSeconds / 60)) },
    retry_after: retryAfterSeconds,
  };
  return JSON.stringify(body);
}

/**
 * The web ACL of the site's distribution. CloudFront web ACLs live in us-east-1, so this stack
 * does too; SiteStack reads the ARN through a cross-region reference.
 *
 * Rate-based rules count per client IP over a window; the table-backed limits in the API
 * (per account and per address) still apply behind them, locally and in AWS alike.
 */
export class WafStack extends Stack {
  readonly webAcl: wafv2.CfnWebACL;

  constructor(scope: Construct, id: string, props: WafStackProps) {
    super(scope, id, props);
    const { config } = props;
    const metric = (name: string): wafv2.CfnWebACL.VisibilityConfigProperty => ({
      cloudWatchMetricsEnabled: true,
      sampledRequestsEnabled: true,
      metricName: `kinoko-${config.stage}-${name}`,
    });
    const underPath = (prefix: string): wafv2.CfnWebACL.StatementProperty => ({
      byteMatchStatement: {
        fieldToMatch: { uriPath: {} },
        positionalConstraint: 'STARTS_WITH',
        searchString: prefix,
        textTransformations: [{ priority: 0, type: 'LOWERCASE' }],
      },
    });
    const rateRule = (
      name: string,
      priority: number,
      limit: number,
      scope: wafv2.CfnWebACL.StatementProperty,
    ): wafv2.CfnWebACL.RuleProperty => ({
      name,
      priority,
      statement: {
        rateBasedStatement: {
          aggregateKeyType: 'IP',
          limit,
          evaluationWindowSec: config.wafWindowSeconds,
          scopeDownStatement: scope,
        },
      },
      action: {
        block: {
          customResponse: {
            responseCode: 429,
            customResponseBodyKey: 'rateLimited',
            responseHeaders: [{ name: 'retry-after', value: String(config.wafWindowSeconds) }],
          },
        },
      },
      visibilityConfig: metric(name),
    });
    const managed = (name: string, priority: number): wafv2.CfnWebACL.RuleProperty => ({
      name,
      priority,
      statement: { managedRuleGroupStatement: { vendorName: 'AWS', name } },
      overrideAction: { none: {} },
      visibilityConfig: metric(name),
    });

    this.webAcl = new wafv2.CfnWebACL(this, 'WebAcl', {
      name: `kinoko-${config.stage}-site`,
      description: 'Rate limits on sign-in and the API, AWS IP reputation and known bad inputs',
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      customResponseBodies: {
        rateLimited: { contentType: 'APPLICATION_JSON', content: rateLimitedBody(config.wafWindowSeconds) },
      },
      rules: [
        rateRule('auth-rate', 0, config.wafAuthRequestsPerWindow, underPath('/api/auth/')),
        rateRule('api-rate', 1, config.wafApiRequestsPerWindow, underPath('/api/')),
        managed('AWSManagedRulesAmazonIpReputationList', 2),
        managed('AWSManagedRulesKnownBadInputsRuleSet', 3),
      ],
      visibilityConfig: metric('site'),
    });

    // WAF logs go to a log group whose name starts with aws-waf-logs-; tokens and cookies are redacted.
    const logGroup = new logs.LogGroup(this, 'WafLogs', {
      logGroupName: `aws-waf-logs-kinoko-${config.stage}`,
      retention: config.logRetentionDays as logs.RetentionDays,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    new wafv2.CfnLoggingConfiguration(this, 'WafLogging', {
      resourceArn: this.webAcl.attrArn,
      logDestinationConfigs: [
        Stack.of(this).formatArn({
          service: 'logs',
          resource: 'log-group',
          resourceName: logGroup.logGroupName,
          arnFormat: ArnFormat.COLON_RESOURCE_NAME,
        }),
      ],
      redactedFields: [{ singleHeader: { Name: 'authorization' } }, { singleHeader: { Name: 'cookie' } }],
    });
  }
}

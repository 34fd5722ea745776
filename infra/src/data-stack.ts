import { tableDefinition } from '@app/functions/db/table';
import { mediaConfig } from '@app/shared/media';
import { Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as guardduty from 'aws-cdk-lib/aws-guardduty';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { type AppConfig, namePrefix, siteUrl, uploadsBucketName } from './config.ts';
import { acknowledge, acknowledgeWildcardsUnder } from './nag.ts';

export interface DataStackProps extends StackProps {
  config: AppConfig;
}

/** The table, the uploads (media) bucket with its malware scan, the logs bucket and the app secret. */
export class DataStack extends Stack {
  readonly table: dynamodb.Table;
  readonly uploadsBucket: s3.Bucket;
  readonly malwareProtection: guardduty.CfnMalwareProtectionPlan;
  readonly logsBucket: s3.Bucket;
  readonly appSecret: secretsmanager.Secret;

  constructor(scope: Construct, id: string, props: DataStackProps) {
    super(scope, id, props);
    const { config } = props;
    const prod = config.stage === 'prod';
    const removalPolicy = prod ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;

    const key = (name: string): dynamodb.Attribute => ({ name, type: dynamodb.AttributeType.STRING });
    this.table = new dynamodb.Table(this, 'Table', {
      partitionKey: key(tableDefinition.partitionKey),
      sortKey: key(tableDefinition.sortKey),
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      encryption: dynamodb.TableEncryption.AWS_MANAGED,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      timeToLiveAttribute: tableDefinition.timeToLiveAttribute,
      // Feeds the stream consumers (api-stack.ts, manifest.ts `streamConsumers`).
      stream: dynamodb.StreamViewType[tableDefinition.stream.viewType],
      deletionProtection: prod,
      removalPolicy,
    });
    for (const gsi of tableDefinition.globalSecondaryIndexes) {
      this.table.addGlobalSecondaryIndex({
        indexName: gsi.indexName,
        partitionKey: key(gsi.partitionKey),
        sortKey: key(gsi.sortKey),
        projectionType: dynamodb.ProjectionType[gsi.projection],
      });
    }

    // Server access logs of the other buckets and CloudFront standard logs (which need ACLs).
    this.logsBucket = new s3.Bucket(this, 'LogsBucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [
        { expiration: Duration.days(prod ? 365 : 30), abortIncompleteMultipartUploadAfter: Duration.days(1) },
      ],
      removalPolicy,
    });
    acknowledge(
      this.logsBucket,
      'AwsSolutions-S1',
      'This is the access-log bucket itself; logging into itself would loop.',
    );

    this.uploadsBucket = new s3.Bucket(this, 'UploadsBucket', {
      bucketName: uploadsBucketName(config, this.account, this.region),
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      versioned: true,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: this.logsBucket,
      serverAccessLogsPrefix: 'uploads/',
      // The media bucket (docs/architecture.md "Media"): browsers POST uploads with a presigned
      // policy under uploads/ and GET private media (private/) by presigned URLs from the site's
      // origin; public media (media/) is read by CloudFront only (Site stack, `/media/*`).
      cors: [
        {
          allowedOrigins: [siteUrl(config)],
          allowedMethods: [s3.HttpMethods.POST, s3.HttpMethods.GET, s3.HttpMethods.HEAD],
          allowedHeaders: ['*'],
          exposedHeaders: ['ETag'],
          maxAge: 3000,
        },
      ],
      lifecycleRules: [
        { abortIncompleteMultipartUploadAfter: Duration.days(1) },
        // Uploads are used (checked, processed, deleted) within minutes: what is left was never used.
        {
          id: 'ExpireUnusedUploads',
          prefix: mediaConfig.prefixes.uploads,
          expiration: Duration.days(mediaConfig.uploadExpiryDays),
        },
        // A deleted file (a deleted message, an account that left) is gone for good a day later.
        { noncurrentVersionExpiration: Duration.days(mediaConfig.deletedVersionDays) },
      ],
      removalPolicy,
    });
    // CloudFront (the Site stack's `/media/*` behaviour, origin access control) reads public media
    // only. The distribution lives in a later stack, so the condition names this account's
    // distributions instead of its ARN (which would make the stacks depend on each other).
    this.uploadsBucket.addToResourcePolicy(
      new iam.PolicyStatement({
        sid: 'CloudFrontReadsPublicMedia',
        principals: [new iam.ServicePrincipal('cloudfront.amazonaws.com')],
        actions: ['s3:GetObject'],
        resources: [this.uploadsBucket.arnForObjects(`${mediaConfig.prefixes.public}*`)],
        conditions: {
          StringEquals: { 'AWS:SourceAccount': this.account },
          ArnLike: { 'AWS:SourceArn': `arn:${this.partition}:cloudfront::${this.account}:distribution/*` },
        },
      }),
    );
    this.malwareProtection = this.malwareScan(this.uploadsBucket, config);

    // AUTH_SECRET is generated; LINE_CHANNEL_SECRET is set by an operator after the first deploy.
    this.appSecret = new secretsmanager.Secret(this, 'AppSecret', {
      secretName: `${namePrefix(config)}/app`,
      description: 'JSON {AUTH_SECRET, LINE_CHANNEL_SECRET} read by the Lambdas through APP_SECRET_ARN',
      generateSecretString: {
        secretStringTemplate: JSON.stringify({ LINE_CHANNEL_SECRET: 'set-by-operator' }),
        generateStringKey: 'AUTH_SECRET',
        passwordLength: 64,
        excludePunctuation: true,
      },
      removalPolicy,
    });
    acknowledge(
      this.appSecret,
      'AwsSolutions-SMG4',
      'No automatic rotation: LINE_CHANNEL_SECRET is issued and rotated in the LINE console; rotating AUTH_SECRET signs every user out, so an operator rotates it on purpose.',
    );
  }

  /**
   * GuardDuty Malware Protection for S3 on the uploads/ prefix: every new upload is scanned and
   * tagged `GuardDutyMalwareScanStatus` (NO_THREATS_FOUND, THREATS_FOUND, UNSUPPORTED,
   * ACCESS_DENIED, FAILED). The check step (functions/src/services/media/pipeline.ts, MEDIA_SCAN
   * = guardduty) uses an upload only once it is tagged NO_THREATS_FOUND: untagged is "still
   * scanning" (409 media_scanning, the client retries), any other value is a refusal.
   */
  private malwareScan(bucket: s3.Bucket, config: AppConfig): guardduty.CfnMalwareProtectionPlan {
    const role = new iam.Role(this, 'MalwareProtectionRole', {
      assumedBy: new iam.ServicePrincipal('malware-protection-plan.guardduty.amazonaws.com'),
      description: 'GuardDuty Malware Protection for S3: scans and tags new uploads of the media bucket',
    });
    const rules = `arn:${this.partition}:events:${this.region}:${this.account}:rule/DO-NOT-DELETE-AmazonGuardDutyMalwareProtectionS3*`;
    const managedBy = {
      StringEquals: { 'events:ManagedBy': 'malware-protection-plan.guardduty.amazonaws.com' },
    };
    role.addToPolicy(
      new iam.PolicyStatement({
        sid: 'AllowManagedRuleToSendS3EventsToGuardDuty',
        actions: ['events:PutRule', 'events:DeleteRule', 'events:PutTargets', 'events:RemoveTargets'],
        resources: [rules],
        conditions: managedBy,
      }),
    );
    role.addToPolicy(
      new iam.PolicyStatement({
        sid: 'AllowGuardDutyToMonitorEventBridgeManagedRule',
        actions: ['events:DescribeRule', 'events:ListTargetsByRule'],
        resources: [rules],
      }),
    );
    role.addToPolicy(
      new iam.PolicyStatement({
        sid: 'AllowEnableS3EventBridgeEvents',
        actions: [
          's3:PutBucketNotification',
          's3:GetBucketNotification',
          's3:GetBucketLocation',
          's3:ListBucket',
        ],
        resources: [bucket.bucketArn],
        conditions: { StringEquals: { 'aws:ResourceAccount': this.account } },
      }),
    );
    role.addToPolicy(
      new iam.PolicyStatement({
        sid: 'AllowPostScanTagAndRead',
        actions: [
          's3:GetObject',
          's3:GetObjectVersion',
          's3:GetObjectTagging',
          's3:GetObjectVersionTagging',
          's3:PutObjectTagging',
          's3:PutObjectVersionTagging',
        ],
        resources: [bucket.arnForObjects('*')],
        conditions: { StringEquals: { 'aws:ResourceAccount': this.account } },
      }),
    );
    role.addToPolicy(
      new iam.PolicyStatement({
        sid: 'AllowPutValidationObject',
        actions: ['s3:PutObject'],
        resources: [bucket.arnForObjects('malware-protection-resource-validation-object')],
        conditions: { StringEquals: { 'aws:ResourceAccount': this.account } },
      }),
    );
    acknowledgeWildcardsUnder(
      role,
      'The policy AWS documents for the Malware Protection for S3 role: its managed EventBridge rules (named by a prefix GuardDuty chooses) and the objects of this one bucket, whose keys are uploads.',
    );
    const plan = new guardduty.CfnMalwareProtectionPlan(this, 'MalwareProtectionPlan', {
      role: role.roleArn,
      protectedResource: {
        s3Bucket: { bucketName: bucket.bucketName, objectPrefixes: [mediaConfig.prefixes.uploads] },
      },
      // Tag each scanned object with the result: the check step reads it.
      actions: { tagging: { status: 'ENABLED' } },
      tags: [{ key: 'kinoko:stage', value: config.stage }],
    });
    plan.node.addDependency(role);
    return plan;
  }
}

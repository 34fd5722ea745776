import { tableDefinition } from '@app/functions/db/table';
import { Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { type AppConfig, namePrefix, siteUrl, uploadsBucketName } from './config.ts';
import { acknowledge } from './nag.ts';

export interface DataStackProps extends StackProps {
  config: AppConfig;
}

/** The table, the uploads bucket, the logs bucket and the app secret. */
export class DataStack extends Stack {
  readonly table: dynamodb.Table;
  readonly uploadsBucket: s3.Bucket;
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
      // Browsers PUT presigned uploads and GET presigned downloads from the site's origin.
      cors: [
        {
          allowedOrigins: [siteUrl(config)],
          allowedMethods: [s3.HttpMethods.PUT, s3.HttpMethods.GET, s3.HttpMethods.HEAD],
          allowedHeaders: ['*'],
          exposedHeaders: ['ETag'],
          maxAge: 3000,
        },
      ],
      lifecycleRules: [
        { abortIncompleteMultipartUploadAfter: Duration.days(1) },
        { noncurrentVersionExpiration: Duration.days(30) },
      ],
      removalPolicy,
    });

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
}

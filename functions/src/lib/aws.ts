/** Module-level AWS SDK clients, created once per cold start. Endpoints come from AWS_ENDPOINT_URL_<SERVICE>. */
import { ApiGatewayManagementApiClient } from '@aws-sdk/client-apigatewaymanagementapi';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { SchedulerClient } from '@aws-sdk/client-scheduler';
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { env } from './env.ts';

function once<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => {
    value ??= make();
    return value;
  };
}

export const dynamo = once(() =>
  DynamoDBDocumentClient.from(new DynamoDBClient({}), {
    marshallOptions: { removeUndefinedValues: true },
  }),
);
export const ses = once(() => new SESv2Client({}));
export const scheduler = once(() => new SchedulerClient({}));
export const secretsManager = once(() => new SecretsManagerClient({}));
export const s3 = once(
  () =>
    new S3Client({ forcePathStyle: env().S3_FORCE_PATH_STYLE, requestChecksumCalculation: 'WHEN_REQUIRED' }),
);
export const connections = once(() => new ApiGatewayManagementApiClient({ endpoint: env().WS_CALLBACK_URL }));

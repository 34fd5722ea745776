/** The DynamoDB document client (endpoint from AWS_ENDPOINT_URL_DYNAMODB locally). */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { once } from './once.ts';

export const dynamo = once(() =>
  DynamoDBDocumentClient.from(new DynamoDBClient({}), {
    marshallOptions: { removeUndefinedValues: true },
  }),
);

/** The SQS client (endpoint from AWS_ENDPOINT_URL_SQS locally: the SQS stand-in, scripts/local/sqs.ts). */
import { SQSClient } from '@aws-sdk/client-sqs';
import { once } from './once.ts';

export const sqs = once(() => new SQSClient({}));

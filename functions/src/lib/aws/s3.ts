/** The S3 client (endpoint from AWS_ENDPOINT_URL_S3 locally: the S3 stand-in, path-style). */
import { S3Client } from '@aws-sdk/client-s3';
import { env } from '../env.ts';
import { once } from './once.ts';

export const s3 = once(
  () =>
    new S3Client({ forcePathStyle: env().S3_FORCE_PATH_STYLE, requestChecksumCalculation: 'WHEN_REQUIRED' }),
);

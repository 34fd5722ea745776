/** The SES v2 client (endpoint from AWS_ENDPOINT_URL_SESV2 locally: the SES stand-in). */
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { once } from './once.ts';

export const ses = once(() => new SESv2Client({}));

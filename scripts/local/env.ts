import { SAMPLE_OPERATOR, SAMPLE_TRANSFER_SOURCE } from '@app/shared/operator';
import { queueUrlVariable } from '../../functions/src/lib/env.ts';
import { type QueueDef, queueNames } from '../../functions/src/manifest.ts';

/** The environment every handler reads (functions/src/lib/env.ts), pointed at the local cloud. */

/** Fixed local-only values; never used outside this machine. */
export const LOCAL_AUTH_SECRET = 'local-dev-auth-secret-do-not-use-in-aws-0123456789';
export const LOCAL_LINE_CHANNEL_ID = '1000000001';
export const LOCAL_LINE_CHANNEL_SECRET = '0123456789abcdef0123456789abcdef';
export const LOCAL_SQUARE_ACCESS_TOKEN = 'local-square-access-token';
export const LOCAL_SQUARE_APPLICATION_ID = 'sandbox-sq0idb-local';
export const LOCAL_SQUARE_LOCATION_ID = 'LOCAL-LOCATION';
/** s3rver's built-in account; DynamoDB Local accepts any key. */
export const LOCAL_ACCESS_KEY_ID = 'S3RVER';
export const LOCAL_SECRET_ACCESS_KEY = 'S3RVER';
export const LOCAL_REGION = 'ap-northeast-1';
/** The account of local ARNs and queue URLs. */
export const LOCAL_ACCOUNT_ID = '000000000000';

export type LocalStage = 'local' | 'test';

export function localEnv(opts: {
  stage: LocalStage;
  url: string;
  dynamoEndpoint: string;
  s3Endpoint: string;
  quiet: boolean;
  /** The local VAPID key pair (scripts/local/push.ts `localVapidKeys`: kept in .local/vapid.json). */
  vapid: { publicKey: string; privateKey: string };
  /** The manifest's queues: their URLs in the SQS stand-in (in AWS only their producers get them). */
  queues: readonly QueueDef[];
}): Record<string, string> {
  const { stage, url } = opts;
  const sqsEndpoint = `${url}/_local/sqs`;
  return {
    STAGE: stage,
    TABLE_NAME: `kinoko-${stage}`,
    SITE_URL: url,
    MAIL_FROM: 'Kinoko <no-reply@kinoko.localhost>',
    UPLOAD_BUCKET: `kinoko-${stage}-uploads`,
    AUTH_SECRET: LOCAL_AUTH_SECRET,
    LINE_CHANNEL_ID: LOCAL_LINE_CHANNEL_ID,
    LINE_CHANNEL_SECRET: LOCAL_LINE_CHANNEL_SECRET,
    LINE_AUTHORIZE_URL: `${url}/_local/line/authorize`,
    LINE_API_URL: `${url}/_local/line/api`,
    WS_CALLBACK_URL: `${url}/_local/connections`,
    SQUARE_API_URL: `${url}/_local/square`,
    SQUARE_ENVIRONMENT: 'local',
    SQUARE_APPLICATION_ID: LOCAL_SQUARE_APPLICATION_ID,
    SQUARE_LOCATION_ID: LOCAL_SQUARE_LOCATION_ID,
    SQUARE_ACCESS_TOKEN: LOCAL_SQUARE_ACCESS_TOKEN,
    VAPID_PUBLIC_KEY: opts.vapid.publicKey,
    VAPID_PRIVATE_KEY: opts.vapid.privateKey,
    // Browsers cannot reach a real push service here: endpoints are the push stand-in's.
    PUSH_STAND_IN_URL: `${url}/_local/push`,
    S3_FORCE_PATH_STYLE: 'true',
    // The sample operator's terms date, as the local site's legal pages show it.
    CREATOR_TERMS_VERSION: SAMPLE_OPERATOR.termsEffectiveDate,
    // The sample platform account of the operators' Zengin transfer file.
    TRANSFER_SOURCE: JSON.stringify(SAMPLE_TRANSFER_SOURCE),
    AWS_REGION: LOCAL_REGION,
    AWS_DEFAULT_REGION: LOCAL_REGION,
    AWS_ACCESS_KEY_ID: LOCAL_ACCESS_KEY_ID,
    AWS_SECRET_ACCESS_KEY: LOCAL_SECRET_ACCESS_KEY,
    AWS_ENDPOINT_URL_DYNAMODB: opts.dynamoEndpoint,
    AWS_ENDPOINT_URL_S3: opts.s3Endpoint,
    AWS_ENDPOINT_URL_SESV2: `${url}/_local/ses`,
    AWS_ENDPOINT_URL_SCHEDULER: `${url}/_local/scheduler`,
    AWS_ENDPOINT_URL_SQS: sqsEndpoint,
    ...Object.fromEntries(
      opts.queues.map((q) => [
        queueUrlVariable(q.name),
        `${sqsEndpoint}/${LOCAL_ACCOUNT_ID}/${queueNames(`kinoko-${stage}`, q.name).queue}`,
      ]),
    ),
    // As on the functions with the 'schedules' grant in AWS (lib/schedules.ts); the local scheduler checks them.
    SCHEDULER_ROLE_ARN: `arn:aws:iam::000000000000:role/kinoko-${stage}-scheduler`,
    SCHEDULER_DEAD_LETTER_ARN: `arn:aws:sqs:${LOCAL_REGION}:000000000000:kinoko-${stage}-scheduler-dead-letters`,
    SCHEDULE_GROUP_NAME: `kinoko-${stage}`,
    // The local scheduler finds a target's handler by the function name's end (handlerForArn).
    JOB_FUNCTION_ARN_PREFIX: `arn:aws:lambda:${LOCAL_REGION}:000000000000:function:kinoko-${stage}-`,
    POWERTOOLS_SERVICE_NAME: 'kinoko',
    POWERTOOLS_METRICS_NAMESPACE: `kinoko-${stage}`,
    // Metrics print as EMF lines among the function logs, except in tests (the test stage).
    ...(stage === 'test' ? { POWERTOOLS_METRICS_DISABLED: 'true' } : {}),
    POWERTOOLS_LOG_LEVEL: process.env.POWERTOOLS_LOG_LEVEL ?? (opts.quiet ? 'WARN' : 'INFO'),
  };
}

/** Sets the variables (and drops ones that would send the SDK elsewhere). Returns a restore function. */
export function applyEnv(vars: Record<string, string>): () => void {
  const dropped = ['AWS_SESSION_TOKEN', 'AWS_PROFILE', 'APP_SECRET_ARN', 'AWS_ENDPOINT_URL'];
  const previous = new Map<string, string | undefined>();
  for (const name of [...Object.keys(vars), ...dropped]) previous.set(name, process.env[name]);
  for (const name of dropped) delete process.env[name];
  Object.assign(process.env, vars);
  return () => {
    for (const [name, value] of previous) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  };
}

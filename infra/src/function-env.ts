/**
 * The environment of every Lambda, mirroring functions/src/lib/env.ts. The type is derived from
 * that module's Env, so a variable added there fails this file's typecheck until it is set here.
 */
import type { Env } from '@app/functions/lib/env';
import type { TransferSource } from '@app/shared/operator';

/**
 * AUTH_SECRET, LINE_CHANNEL_SECRET, SQUARE_ACCESS_TOKEN and the VAPID key pair come from the secret
 * named by APP_SECRET_ARN in AWS.
 */
type SecretValueKeys =
  | 'AUTH_SECRET'
  | 'LINE_CHANNEL_SECRET'
  | 'SQUARE_ACCESS_TOKEN'
  | 'APP_SECRET_ARN'
  | 'VAPID_PUBLIC_KEY'
  | 'VAPID_PRIVATE_KEY';
/** The local cloud's push stand-in: never set in AWS (real push services). */
type LocalOnlyKeys = 'PUSH_STAND_IN_URL';
/** Set only on the functions with the 'schedules' grant (functionEnvironment). */
type SchedulerKeys =
  | 'SCHEDULER_ROLE_ARN'
  | 'SCHEDULER_DEAD_LETTER_ARN'
  | 'SCHEDULE_GROUP_NAME'
  | 'JOB_FUNCTION_ARN_PREFIX';
export type DeployedEnv = Record<Exclude<keyof Env, SecretValueKeys | SchedulerKeys | LocalOnlyKeys>, string>;

export interface FunctionEnvInput {
  stage: 'test' | 'prod';
  tableName: string;
  siteUrl: string;
  mailFrom: string;
  uploadBucket: string;
  lineChannelId: string;
  lineAuthorizeUrl: string;
  lineApiUrl: string;
  wsCallbackUrl: string;
  squareEnvironment: 'sandbox' | 'production';
  squareApplicationId: string;
  squareLocationId: string;
  /** The operator's terms effective date (context `operator`), recorded with a creator's consent. */
  creatorTermsVersion: string;
  /** The platform's bank account for the Zengin transfer file (context `transferSource`). */
  transferSource: TransferSource;
}

const SQUARE_API_URLS = {
  sandbox: 'https://connect.squareupsandbox.com',
  production: 'https://connect.squareup.com',
} as const;

export function deployedEnv(input: FunctionEnvInput): DeployedEnv {
  return {
    STAGE: input.stage,
    TABLE_NAME: input.tableName,
    SITE_URL: input.siteUrl,
    MAIL_FROM: input.mailFrom,
    UPLOAD_BUCKET: input.uploadBucket,
    // Uploads are used only once GuardDuty Malware Protection for S3 tagged them clean (data-stack.ts).
    MEDIA_SCAN: 'guardduty',
    LINE_CHANNEL_ID: input.lineChannelId,
    LINE_AUTHORIZE_URL: input.lineAuthorizeUrl,
    LINE_API_URL: input.lineApiUrl,
    WS_CALLBACK_URL: input.wsCallbackUrl,
    SQUARE_API_URL: SQUARE_API_URLS[input.squareEnvironment],
    SQUARE_ENVIRONMENT: input.squareEnvironment,
    SQUARE_APPLICATION_ID: input.squareApplicationId,
    SQUARE_LOCATION_ID: input.squareLocationId,
    S3_FORCE_PATH_STYLE: 'false',
    CREATOR_TERMS_VERSION: input.creatorTermsVersion,
    TRANSFER_SOURCE: JSON.stringify(input.transferSource),
  };
}

/**
 * Variables of one function: the shared set, the secret's ARN and the scheduler's role and
 * dead-letter queue only where granted, Powertools names (one service, the stage's metrics namespace).
 */
export function functionEnvironment(
  base: DeployedEnv,
  opts: {
    serviceName: string;
    metricsNamespace: string;
    appSecretArn?: string;
    /** QUEUE_URL_<NAME> -> URL of each queue the function sends to (its `queueSend` grant). */
    queueUrls?: Record<string, string>;
    scheduler?: { roleArn: string; deadLetterArn: string; groupName: string; jobFunctionArnPrefix: string };
  },
): Record<string, string> {
  return {
    ...base,
    ...(opts.appSecretArn ? { APP_SECRET_ARN: opts.appSecretArn } : {}),
    ...opts.queueUrls,
    ...(opts.scheduler
      ? {
          SCHEDULER_ROLE_ARN: opts.scheduler.roleArn,
          SCHEDULER_DEAD_LETTER_ARN: opts.scheduler.deadLetterArn,
          SCHEDULE_GROUP_NAME: opts.scheduler.groupName,
          JOB_FUNCTION_ARN_PREFIX: opts.scheduler.jobFunctionArnPrefix,
        }
      : {}),
    POWERTOOLS_SERVICE_NAME: opts.serviceName,
    POWERTOOLS_METRICS_NAMESPACE: opts.metricsNamespace,
  };
}

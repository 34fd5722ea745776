/**
 * Runtime configuration of every Lambda, parsed once at cold start. A missing variable fails
 * loudly. The same names are set by CDK (infra) in AWS and by scripts/local in the local cloud.
 * Local endpoints of AWS services come from the SDK's own AWS_ENDPOINT_URL_<SERVICE> variables.
 */
import * as z from 'zod/mini';

const envSchema = z.object({
  STAGE: z.enum(['local', 'test', 'prod']),
  TABLE_NAME: z.string().check(z.minLength(1)),
  /** Public origin of the site, e.g. https://app.example.jp or http://localhost:3000 (links in mail). */
  SITE_URL: z.url(),
  MAIL_FROM: z.string().check(z.minLength(3)),
  UPLOAD_BUCKET: z.string().check(z.minLength(1)),
  /**
   * `guardduty` in AWS: an upload is used only once GuardDuty Malware Protection tagged it
   * NO_THREATS_FOUND. `none` locally, where the check is the type and size check alone.
   */
  MEDIA_SCAN: z._default(z.enum(['guardduty', 'none']), 'none'),
  /** Secrets: in AWS one Secrets Manager secret (JSON) named by APP_SECRET_ARN; locally the values. */
  APP_SECRET_ARN: z.optional(z.string()),
  AUTH_SECRET: z.optional(z.string().check(z.minLength(32))),
  LINE_CHANNEL_SECRET: z.optional(z.string().check(z.minLength(1))),
  LINE_CHANNEL_ID: z.string().check(z.minLength(1)),
  /** https://access.line.me/oauth2/v2.1/authorize in AWS; the LINE stand-in locally. */
  LINE_AUTHORIZE_URL: z.url(),
  /** https://api.line.me in AWS; the LINE stand-in locally. */
  LINE_API_URL: z.url(),
  /** https://{api-id}.execute-api.{region}.amazonaws.com/{stage} of the WebSocket API (@connections). */
  WS_CALLBACK_URL: z.url(),
  /** Square: https://connect.squareup.com (production), https://connect.squareupsandbox.com, or the local stand-in. */
  SQUARE_API_URL: z.url(),
  SQUARE_ENVIRONMENT: z.enum(['local', 'sandbox', 'production']),
  /** Public ids the Web Payments SDK needs (not secrets). */
  SQUARE_APPLICATION_ID: z.string().check(z.minLength(1)),
  SQUARE_LOCATION_ID: z.string().check(z.minLength(1)),
  /** Local only; in AWS the access token is in the app secret. */
  SQUARE_ACCESS_TOKEN: z.optional(z.string().check(z.minLength(1))),
  /**
   * Functions that create one-time schedules at run time (the 'schedules' grant): the role
   * EventBridge Scheduler assumes and the stage's scheduler dead-letter queue (lib/schedules.ts).
   */
  SCHEDULER_ROLE_ARN: z.optional(z.string().check(z.startsWith('arn:'))),
  SCHEDULER_DEAD_LETTER_ARN: z.optional(z.string().check(z.startsWith('arn:'))),
  /**
   * Also on those functions: the stage's schedule group, and the ARN of the stage's functions up to
   * the handler's id (`arn:aws:lambda:<region>:<account>:function:kinoko-<stage>-`): a run-time
   * schedule targets a job by its handler (lib/schedules.ts `jobFunctionArn`).
   */
  SCHEDULE_GROUP_NAME: z.optional(z.string().check(z.minLength(1))),
  JOB_FUNCTION_ARN_PREFIX: z.optional(z.string().check(z.startsWith('arn:'))),
  /**
   * The creator terms' version that registration records as agreed to: the operator's
   * `termsEffectiveDate` (shared/src/operator.ts), the same date the site's legal pages show.
   */
  CREATOR_TERMS_VERSION: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)),
  S3_FORCE_PATH_STYLE: z.pipe(
    z._default(z.enum(['true', 'false']), 'false'),
    z.transform((v) => v === 'true'),
  ),
});

export type Env = z.infer<typeof envSchema>;

const queueUrlSchema = z.url();

/**
 * `QUEUE_URL_<NAME>`: the variable that gives a producer the URL of the manifest queue `name`
 * ('broadcast-deliveries' -> QUEUE_URL_BROADCAST_DELIVERIES). Here rather than in the manifest:
 * every bundle reads this module, few need the manifest.
 */
export const queueUrlVariable = (name: string): string =>
  `QUEUE_URL_${name.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;

/**
 * The URL of the manifest queue `name`, from `QUEUE_URL_<NAME>` (manifest.ts `queueUrlVariable`),
 * which the infra sets only on the queue's producers (and scripts/local/env.ts locally). Missing or
 * not a URL: a loud error naming the variable.
 */
export function queueUrl(name: string): string {
  const variable = queueUrlVariable(name);
  const parsed = queueUrlSchema.safeParse(process.env[variable]);
  if (!parsed.success) {
    throw new Error(
      `Invalid or missing environment variable: ${variable} (set only on the producers of queue ${name})`,
    );
  }
  return parsed.data;
}

let cached: Env | undefined;

export function env(): Env {
  if (!cached) {
    const parsed = envSchema.safeParse(process.env);
    if (!parsed.success) {
      const names = parsed.error.issues.map((i) => i.path.join('.')).join(', ');
      throw new Error(`Invalid or missing environment variables: ${names}`);
    }
    cached = parsed.data;
  }
  return cached;
}

/** Tests that change process.env call this to parse again. */
export function resetEnvCache(): void {
  cached = undefined;
}

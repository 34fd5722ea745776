/**
 * Deployment configuration, parsed once with zod from CDK context (`-c key=value` or cdk.json)
 * and the CDK CLI's environment. A missing or malformed value fails the synth loudly.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type OperatorDetails,
  operatorPlaceholders,
  SAMPLE_OPERATOR,
  SAMPLE_TRANSFER_SOURCE,
  type TransferSource,
  transferSourcePlaceholders,
} from '@app/shared/operator';
import type { App } from 'aws-cdk-lib';
import { en } from 'zod/locales';
import * as z from 'zod/mini';

// zod/mini has no locale of its own: English messages for the problems the synth reports.
z.config(en());

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Where `npm run build:functions` puts the bundles by default (the synth builds them there when needed). */
export const DEFAULT_FUNCTIONS_DIR = path.join(repoRoot, 'dist', 'functions');
/** Where `npm run build:web` puts the site (the synth builds it there when needed). */
export const DEFAULT_SITE_DIR = path.join(repoRoot, 'web', 'dist');

const host = z
  .string()
  .check(
    z.regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/, 'a lower-case host name without scheme, e.g. app.example.jp'),
  );

const text = z.string().check(z.trim(), z.minLength(1));
const localized = z.object({ ja: text, en: text });

/**
 * The operator's details on the legal pages (shared/src/operator.ts), written into the site's
 * runtime configuration. Context `operator`: an object in cdk.json, or JSON text with `-c`.
 */
const operatorSchema = z.pipe(
  z.transform((v: unknown) => (typeof v === 'string' ? parseJson(v) : v)),
  z.object({
    companyName: localized,
    responsiblePerson: localized,
    address: localized,
    email: z.email(),
    court: localized,
    termsEffectiveDate: z.iso.date(),
  }),
);

/**
 * The platform's bank account and company code for the Zengin transfer file (shared/src/operator.ts
 * `TransferSource`), set only in the functions' environment. Context `transferSource`: an object
 * in cdk.json, or JSON text with `-c`.
 */
const transferSourceSchema = z.pipe(
  z.transform((v: unknown) => (typeof v === 'string' ? parseJson(v) : v)),
  z.object({
    bankCode: z.string().check(z.regex(/^\d{4}$/)),
    branchCode: z.string().check(z.regex(/^\d{3}$/)),
    accountType: z.enum(['ordinary', 'checking']),
    accountNumber: z.string().check(z.regex(/^\d{7}$/)),
    companyCode: z.string().check(z.regex(/^\d{10}$/)),
    companyNameKana: text,
  }),
);

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export const appConfigSchema = z
  .object({
    /** Deployed stages; 'local' is the local cloud and never synthesized. */
    stage: z.enum(['test', 'prod']),
    region: z._default(z.string().check(z.regex(/^[a-z]{2}-[a-z]+-\d$/)), 'ap-northeast-1'),
    /** Undefined gives an environment-agnostic app (nothing here needs a lookup). */
    account: z.optional(z.string().check(z.regex(/^\d{12}$/))),
    appHost: host,
    /** Served by the same distribution, answered with a 301 to appHost. */
    marketHost: z.optional(host),
    /** ACM certificate in us-east-1 covering appHost (and marketHost). Required in prod. */
    certificateArn: z.optional(z.string().check(z.startsWith('arn:aws:acm:us-east-1:'))),
    /** Sender address; its domain becomes the SES identity. */
    mailFrom: z.email(),
    lineChannelId: z.string().check(z.minLength(1)),
    lineAuthorizeUrl: z._default(z.url(), 'https://access.line.me/oauth2/v2.1/authorize'),
    lineApiUrl: z._default(z.url(), 'https://api.line.me'),
    /** Square: sandbox until the production application is approved. The access token is in the app secret. */
    squareEnvironment: z._default(z.enum(['sandbox', 'production']), 'sandbox'),
    squareApplicationId: z._default(z.string().check(z.minLength(1)), 'sandbox-sq0idb-REPLACE-ME'),
    squareLocationId: z._default(z.string().check(z.minLength(1)), 'REPLACE-ME'),
    /** Subscribed to the alarm topic (an operator's or a team's address; it confirms by mail). */
    alarmEmail: z.optional(z.email()),
    logRetentionDays: z._default(z.coerce.number().check(z.int(), z.positive()), 90),
    /** API Gateway stage throttling (requests per second and burst). */
    apiRateLimit: z._default(z.coerce.number().check(z.positive()), 100),
    apiBurstLimit: z._default(z.coerce.number().check(z.int(), z.positive()), 200),
    /** WAF rate-based rules on the distribution: requests per client IP per window. */
    wafWindowSeconds: z._default(
      z.pipe(z.coerce.number(), z.union([z.literal(60), z.literal(120), z.literal(300), z.literal(600)])),
      300,
    ),
    wafAuthRequestsPerWindow: z._default(z.coerce.number().check(z.int(), z.gte(10)), 100),
    wafApiRequestsPerWindow: z._default(z.coerce.number().check(z.int(), z.gte(10)), 3000),
    /** The operator's details (legal pages); the samples outside prod, which refuses them. */
    operator: z._default(operatorSchema, SAMPLE_OPERATOR),
    /** The platform's bank account for the Zengin transfer file; the sample outside prod, which refuses it. */
    transferSource: z._default(transferSourceSchema, SAMPLE_TRANSFER_SOURCE),
    /** Output of `npm run build:functions`: one folder per handler id. */
    functionsDir: z._default(z.string(), DEFAULT_FUNCTIONS_DIR),
    /** Output of `npm run build:web`. */
    siteDir: z._default(z.string(), DEFAULT_SITE_DIR),
  })
  .check(
    z.refine((c) => c.stage !== 'prod' || c.certificateArn, {
      message: 'prod needs certificateArn (TLS 1.2+ on the app host)',
      path: ['certificateArn'],
    }),
    z.superRefine((c, ctx) => {
      const placeholders = c.stage === 'prod' ? operatorPlaceholders(c.operator as OperatorDetails) : [];
      if (placeholders.length > 0)
        ctx.issues.push({
          code: 'custom',
          input: c.operator,
          path: ['operator'],
          message: `prod needs the operator's real details on the legal pages; still placeholders: ${placeholders.join(', ')} (set the context \`operator\`, docs/operations.md)`,
        });
    }),
    z.superRefine((c, ctx) => {
      const placeholders =
        c.stage === 'prod' ? transferSourcePlaceholders(c.transferSource as TransferSource) : [];
      if (placeholders.length > 0)
        ctx.issues.push({
          code: 'custom',
          input: c.transferSource,
          path: ['transferSource'],
          message: `prod needs the platform's real bank account for the transfer file; still samples: ${placeholders.join(', ')} (set the context \`transferSource\`, docs/operations.md)`,
        });
    }),
    z.refine((c) => c.marketHost === undefined || c.marketHost !== c.appHost, {
      message: 'marketHost must differ from appHost',
      path: ['marketHost'],
    }),
  );

export type AppConfig = z.infer<typeof appConfigSchema>;

const contextKeys = Object.keys(appConfigSchema.shape) as (keyof AppConfig)[];

/** Reads every key from context; the account falls back to the CDK CLI's (CDK_DEFAULT_ACCOUNT). */
export function loadConfig(app: App): AppConfig {
  const raw: Record<string, unknown> = {};
  for (const key of contextKeys) {
    const value: unknown = app.node.tryGetContext(key);
    if (value !== undefined && value !== '') raw[key] = value;
  }
  raw.account ??= process.env.CDK_DEFAULT_ACCOUNT;
  return parseConfig(raw);
}

export function parseConfig(raw: Record<string, unknown>): AppConfig {
  const parsed = appConfigSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(config)'}: ${i.message}`);
    throw new Error(`Invalid CDK configuration (context):\n${problems.join('\n')}`);
  }
  return parsed.data;
}

export const mailDomain = (config: AppConfig): string => config.mailFrom.split('@')[1] as string;
export const siteUrl = (config: AppConfig): string => `https://${config.appHost}`;
/** Prefix of physical names, e.g. kinoko-prod. */
export const namePrefix = (config: AppConfig): string => `kinoko-${config.stage}`;
/** EventBridge Scheduler group of the stage; one-time schedules are created in it at run time. */
export const scheduleGroupName = (config: AppConfig): string => namePrefix(config);
/** The role EventBridge Scheduler assumes to invoke job functions (named, so grants need no reference). */
export const schedulerRoleName = (config: AppConfig): string => `${namePrefix(config)}-scheduler`;
export const functionName = (config: AppConfig, id: string): string => `${namePrefix(config)}-${id}`;
/** Named (not generated) so grants in other stacks build its ARN without a cross-stack reference. */
export const uploadsBucketName = (config: AppConfig, account: string, region: string): string =>
  `${namePrefix(config)}-uploads-${account}-${region}`;
/** The SNS topic every alarm notifies (named, so the area stacks build its ARN without a reference). */
export const alarmTopicName = (config: AppConfig): string => `${namePrefix(config)}-alarms`;
/** Where EventBridge Scheduler puts an invocation that failed every retry (named for run-time schedules too). */
export const schedulerDeadLetterQueueName = (config: AppConfig): string =>
  `${namePrefix(config)}-scheduler-dead-letters`;
/** The functions' metrics (Powertools, POWERTOOLS_METRICS_NAMESPACE): one namespace per stage. */
export const metricsNamespace = (config: AppConfig): string => namePrefix(config);

/**
 * Alarm thresholds (infra/src/monitoring.ts; docs/operations.md says what to do for each). A period
 * is in minutes; an alarm fires when `evaluationPeriods` periods in a row breach.
 */
export const ALARMS = {
  /** More than 5% of API requests answered 5xx over 2×5 min, with at least 20 requests: a bug or a broken dependency, not one unlucky call. */
  httpServerErrors: { percent: 5, minRequests: 20, periodMinutes: 5, evaluationPeriods: 2 },
  /** Any WebSocket integration or execution error in 5 min: the handlers answer refusals themselves, so an error is a fault. */
  webSocketErrors: { count: 1, periodMinutes: 5, evaluationPeriods: 1 },
  /** Any unhandled error of a function in 5 min: HTTP handlers answer their own 500s, so an error is a crash, a timeout or a failed job/consumer run. */
  lambdaErrors: { count: 1, periodMinutes: 5, evaluationPeriods: 1 },
  /** Any throttled invocation in 5 min: the account's concurrency is exhausted and requests are being refused. */
  lambdaThrottles: { count: 1, periodMinutes: 5, evaluationPeriods: 1 },
  /** Any throttled table request in 5 min: on-demand should not throttle; it means a hot partition or a limit reached. */
  dynamoThrottles: { count: 1, periodMinutes: 5, evaluationPeriods: 1 },
  /** Any DynamoDB system error (500) in 5 min: AWS-side; watch whether retries absorb it. */
  dynamoSystemErrors: { count: 1, periodMinutes: 5, evaluationPeriods: 1 },
  /** One message in a dead-letter queue: something failed every retry and waits for an operator. */
  deadLetters: { count: 1, periodMinutes: 5, evaluationPeriods: 1 },
  /** A consumer 5 minutes behind the stream: side effects (notices, receipts) are late; at 24 h records are lost to the dead-letter queue. */
  streamIteratorAge: { milliseconds: 5 * 60_000, periodMinutes: 5, evaluationPeriods: 2 },
  /** A payment still pending after two reconciler runs past its window (or no run for 30 min): money held, not credited or released. */
  paymentsPending: { count: 1, periodMinutes: 15, evaluationPeriods: 2 },
  /** Any failed attempt to invoke a job in 5 min: the job is retried, but it should not fail. */
  schedulerTargetErrors: { count: 1, periodMinutes: 5, evaluationPeriods: 1 },
  /** Any invocation dropped or not delivered to the dead-letter queue: a scheduled run is lost. */
  schedulerDropped: { count: 1, periodMinutes: 5, evaluationPeriods: 1 },
} as const;

/**
 * Deployment configuration, parsed once with zod from CDK context (`-c key=value` or cdk.json)
 * and the CDK CLI's environment. A missing or malformed value fails the synth loudly.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { App } from 'aws-cdk-lib';
import * as z from 'zod';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Where `npm run build:functions` puts the bundles by default (the synth builds them there when needed). */
export const DEFAULT_FUNCTIONS_DIR = path.join(repoRoot, 'dist', 'functions');
/** Where `npm run build:web` puts the site (the synth builds it there when needed). */
export const DEFAULT_SITE_DIR = path.join(repoRoot, 'web', 'dist');

const host = z
  .string()
  .regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/, 'a lower-case host name without scheme, e.g. app.example.jp');

export const appConfigSchema = z
  .object({
    /** Deployed stages; 'local' is the local cloud and never synthesized. */
    stage: z.enum(['test', 'prod']),
    region: z
      .string()
      .regex(/^[a-z]{2}-[a-z]+-\d$/)
      .default('ap-northeast-1'),
    /** Undefined gives an environment-agnostic app (nothing here needs a lookup). */
    account: z
      .string()
      .regex(/^\d{12}$/)
      .optional(),
    appHost: host,
    /** Served by the same distribution, answered with a 301 to appHost. */
    marketHost: host.optional(),
    /** ACM certificate in us-east-1 covering appHost (and marketHost). Required in prod. */
    certificateArn: z.string().startsWith('arn:aws:acm:us-east-1:').optional(),
    /** Sender address; its domain becomes the SES identity. */
    mailFrom: z.email(),
    lineChannelId: z.string().min(1),
    lineAuthorizeUrl: z.url().default('https://access.line.me/oauth2/v2.1/authorize'),
    lineApiUrl: z.url().default('https://api.line.me'),
    /** Square: sandbox until the production application is approved. The access token is in the app secret. */
    squareEnvironment: z.enum(['sandbox', 'production']).default('sandbox'),
    squareApplicationId: z.string().min(1).default('sandbox-sq0idb-REPLACE-ME'),
    squareLocationId: z.string().min(1).default('REPLACE-ME'),
    logRetentionDays: z.coerce.number().int().positive().default(90),
    /** API Gateway stage throttling (requests per second and burst). */
    apiRateLimit: z.coerce.number().positive().default(100),
    apiBurstLimit: z.coerce.number().int().positive().default(200),
    /** WAF rate-based rules on the distribution: requests per client IP per window. */
    wafWindowSeconds: z.coerce
      .number()
      .pipe(z.union([z.literal(60), z.literal(120), z.literal(300), z.literal(600)]))
      .default(300),
    wafAuthRequestsPerWindow: z.coerce.number().int().min(10).default(100),
    wafApiRequestsPerWindow: z.coerce.number().int().min(10).default(3000),
    /** Output of `npm run build:functions`: one folder per handler id. */
    functionsDir: z.string().default(DEFAULT_FUNCTIONS_DIR),
    /** Output of `npm run build:web`. */
    siteDir: z.string().default(DEFAULT_SITE_DIR),
  })
  .refine((c) => c.stage !== 'prod' || c.certificateArn, {
    message: 'prod needs certificateArn (TLS 1.2+ on the app host)',
    path: ['certificateArn'],
  })
  .refine((c) => c.marketHost === undefined || c.marketHost !== c.appHost, {
    message: 'marketHost must differ from appHost',
    path: ['marketHost'],
  });

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

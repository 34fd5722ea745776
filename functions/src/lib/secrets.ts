import { GetSecretValueCommand } from '@aws-sdk/client-secrets-manager';
import * as z from 'zod/mini';
import { secretsManager } from './aws/secrets-manager.ts';
import { env } from './env.ts';

const secretsSchema = z.object({
  AUTH_SECRET: z.string().check(z.minLength(32)),
  LINE_CHANNEL_SECRET: z.string().check(z.minLength(1)),
  SQUARE_ACCESS_TOKEN: z.string().check(z.minLength(1)),
  /**
   * Web Push's VAPID key pair (P-256, base64url: the 65-byte public key, the 32-byte private key);
   * without it the stage sends no push (`GET /push/config` says so). `scripts/vapid-keys.ts` makes one.
   */
  VAPID_PUBLIC_KEY: z.optional(z.string().check(z.regex(/^[A-Za-z0-9_-]{87}$/))),
  VAPID_PRIVATE_KEY: z.optional(z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/))),
});
export type Secrets = z.infer<typeof secretsSchema>;

let pending: Promise<Secrets> | undefined;

/** In AWS one Secrets Manager secret (APP_SECRET_ARN); locally plain variables. Fetched once per cold start. */
export function secrets(): Promise<Secrets> {
  pending ??= load().catch((error) => {
    pending = undefined;
    throw error;
  });
  return pending;
}

async function load(): Promise<Secrets> {
  const e = env();
  if (e.APP_SECRET_ARN) {
    const out = await secretsManager().send(new GetSecretValueCommand({ SecretId: e.APP_SECRET_ARN }));
    return secretsSchema.parse(JSON.parse(out.SecretString ?? '{}'));
  }
  return secretsSchema.parse({
    AUTH_SECRET: e.AUTH_SECRET,
    LINE_CHANNEL_SECRET: e.LINE_CHANNEL_SECRET,
    SQUARE_ACCESS_TOKEN: e.SQUARE_ACCESS_TOKEN,
    VAPID_PUBLIC_KEY: e.VAPID_PUBLIC_KEY,
    VAPID_PRIVATE_KEY: e.VAPID_PRIVATE_KEY,
  });
}

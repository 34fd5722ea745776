/**
 * RFC 6238 codes for the admins' second factor (the `otpauth` library), and the secret's sealing:
 * the table holds the base32 secret only encrypted (AES-256-GCM under a key derived from the app
 * secret), so a table export alone cannot mint codes.
 */

import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { businessConfig } from '@app/shared/config';
import { Secret, TOTP } from 'otpauth';

const T = businessConfig.admin.totp;

function totpOf(secret: string, label = 'admin'): TOTP {
  return new TOTP({
    issuer: T.issuer,
    label,
    algorithm: 'SHA1',
    digits: T.digits,
    period: T.periodSeconds,
    secret: Secret.fromBase32(secret),
  });
}

/** A new random secret (160 bits), base32. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** What the authenticator app scans. */
export const otpauthUrl = (secret: string, email: string): string => totpOf(secret, email).toString();

/** The code of `at` (tests, the local demo's code printer). */
export const totpCode = (secret: string, at: Date): string =>
  totpOf(secret).generate({ timestamp: at.getTime() });

/**
 * The time step the code belongs to (within `totp.window` steps of `at`), or null when it is no
 * code of this secret. The caller stores the step so that a code is accepted once.
 */
export function totpStep(secret: string, code: string, at: Date): number | null {
  const delta = totpOf(secret).validate({ token: code, timestamp: at.getTime(), window: T.window });
  if (delta === null) return null;
  return TOTP.counter({ period: T.periodSeconds, timestamp: at.getTime() }) + delta;
}

const sealKey = (appSecret: string) =>
  createHmac('sha256', appSecret).update('kinoko/totp-secret/v1').digest();

export function sealTotpSecret(appSecret: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealKey(appSecret), iv);
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['t1', iv, body, cipher.getAuthTag()]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

export function openTotpSecret(appSecret: string, sealed: string): string {
  const [version, iv, body, tag] = sealed.split('.');
  if (version !== 't1' || !iv || !body || !tag) throw new Error('unknown TOTP secret format');
  const decipher = createDecipheriv('aes-256-gcm', sealKey(appSecret), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

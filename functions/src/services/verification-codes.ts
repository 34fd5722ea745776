/** One-time 6-digit codes by mail: issue (hash stored, 15 minutes), check (attempt-limited), consume. */
import { businessConfig } from '@app/shared/config';
import { ttlAt } from '../db/keys.ts';
import type { Db } from '../db/service.ts';
import type { Clock } from '../lib/clock.ts';
import { numericCode, safeEqual, sha256 } from '../lib/crypto.ts';
import { AppError } from '../lib/errors.ts';
import type { CodePurpose } from './mail.ts';

const A = businessConfig.auth;

export async function issueCode(
  db: Db,
  clock: Clock,
  purpose: CodePurpose,
  email: string,
  extra: { roleId?: number; profileId?: string } = {},
): Promise<string> {
  const code = numericCode(A.verificationCodeLength);
  const expiresAt = new Date(clock.now().getTime() + A.verificationCodeMinutes * 60_000);
  await db.entities.verification
    .put({
      purpose,
      email,
      codeHash: sha256(`${purpose}:${email}:${code}`),
      attempts: 0,
      expiresAt: expiresAt.toISOString(),
      // Kept a day after expiry so "expired" can be told apart from "never sent".
      ttl: ttlAt(expiresAt) + 24 * 3600,
      ...extra,
    })
    .go();
  return code;
}

/** Returns the stored record when the code is right; counts a wrong attempt otherwise. */
export async function checkCode(db: Db, clock: Clock, purpose: CodePurpose, email: string, code: string) {
  const { data } = await db.entities.verification.get({ purpose, email }).go();
  if (!data) throw new AppError('code_invalid');
  if (new Date(data.expiresAt).getTime() <= clock.now().getTime()) throw new AppError('code_expired');
  if (data.attempts >= A.verificationMaxAttempts) throw new AppError('code_attempts');
  if (!safeEqual(data.codeHash, sha256(`${purpose}:${email}:${code}`))) {
    await db.entities.verification.patch({ purpose, email }).add({ attempts: 1 }).go();
    throw new AppError(data.attempts + 1 >= A.verificationMaxAttempts ? 'code_attempts' : 'code_invalid');
  }
  return data;
}

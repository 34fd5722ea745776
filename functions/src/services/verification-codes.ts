/**
 * One-time 6-digit codes by mail: issue (hash stored, 15 minutes), check, consume.
 *
 * The attempt limit holds under any concurrency: a check first takes an attempt with a
 * conditional write (`attempts < max`, not expired) and only a request that took one compares
 * the code, so a code is compared at most `verificationMaxAttempts` times. Consuming a right code
 * is a conditional delete (`codeHash` unchanged): of concurrent right answers one wins, the others
 * are told `code_invalid`. Asking for a new code resets the attempts, so codes per address and
 * purpose are limited per hour (`allowCodeMail`): that bounds the guesses an address can receive.
 */
import { businessConfig } from '@app/shared/config';
import { isConditionFailure } from '../db/errors.ts';
import { ttlAt } from '../db/keys.ts';
import type { Db } from '../db/service.ts';
import type { Clock } from '../lib/clock.ts';
import { numericCode, safeEqual, sha256 } from '../lib/crypto.ts';
import { AppError } from '../lib/errors.ts';
import type { CodePurpose } from './mail.ts';
import { takeSlot } from './rate-limit.ts';

const A = businessConfig.auth;
const MAX_ATTEMPTS: number = A.verificationMaxAttempts;

/** Proof that a mail to this address and purpose was allowed by the hourly limits. */
export interface MailAllowance {
  readonly purpose: CodePurpose;
  readonly email: string;
}

/**
 * Takes the address's mail allowance (per purpose, and all purposes together), or throws
 * `rate_limited`. Call it before looking anything up about the address, so that a refusal,
 * like the answer itself, says nothing about whether an account uses it.
 */
export async function allowCodeMail(
  db: Db,
  clock: Clock,
  purpose: CodePurpose,
  email: string,
): Promise<MailAllowance> {
  await takeSlot(db, clock, `mail-${purpose}`, email, A.throttle.codeMails);
  await takeSlot(db, clock, 'mail', email, A.throttle.addressMails);
  return { purpose, email };
}

/**
 * The key of a code bound to one profile as well as an address (confirming a fan's notification
 * e-mail): another profile asking for a code to the same address replaces nothing of ours.
 */
export const profileCodeKey = (profileId: string, email: string) => `${profileId}#${email}`;

const hashOf = (purpose: CodePurpose, email: string, code: string) => sha256(`${purpose}:${email}:${code}`);

/**
 * Stores a new code (replacing the previous one of the same key) and returns it for the mail.
 * `key` is the address, or for codes bound to one profile `<profileId>#<address>`.
 */
export async function issueCode(
  db: Db,
  clock: Clock,
  allowance: MailAllowance,
  extra: { roleId?: number; profileId?: string } = {},
  key: string = allowance.email,
): Promise<string> {
  const { purpose } = allowance;
  const email = key;
  const code = numericCode(A.verificationCodeLength);
  const expiresAt = new Date(clock.now().getTime() + A.verificationCodeMinutes * 60_000);
  await db.entities.verification
    .put({
      purpose,
      email,
      codeHash: hashOf(purpose, email, code),
      attempts: 0,
      expiresAt: expiresAt.toISOString(),
      // Kept a day after expiry so "expired" can be told apart from "never sent".
      ttl: ttlAt(expiresAt) + 24 * 3600,
      ...extra,
    })
    .go();
  return code;
}

/** Why an attempt could not be taken: gone (or used), expired, or out of attempts. */
async function refusal(db: Db, purpose: CodePurpose, email: string, now: string): Promise<AppError> {
  const { data } = await db.entities.verification.get({ purpose, email }).go({ consistent: true });
  if (!data) return new AppError('code_invalid');
  if (data.expiresAt <= now) return new AppError('code_expired');
  if (data.attempts >= MAX_ATTEMPTS) return new AppError('code_attempts');
  return new AppError('code_invalid');
}

/**
 * Takes one attempt, then compares. Returns the stored record when the code is right; the caller
 * then consumes it (`consumeCode`, or `codeHash` as the condition of its own transaction).
 */
export async function checkCode(db: Db, clock: Clock, purpose: CodePurpose, email: string, code: string) {
  const now = clock.now().toISOString();
  let record: Awaited<ReturnType<typeof takeAttempt>>;
  try {
    record = await takeAttempt(db, purpose, email, now);
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    throw await refusal(db, purpose, email, now);
  }
  if (!safeEqual(record.codeHash, hashOf(purpose, email, code))) {
    throw new AppError(record.attempts >= MAX_ATTEMPTS ? 'code_attempts' : 'code_invalid');
  }
  return record;
}

async function takeAttempt(db: Db, purpose: CodePurpose, email: string, now: string) {
  const { data } = await db.entities.verification
    .patch({ purpose, email })
    .add({ attempts: 1 })
    .where((attr, op) => `${op.lt(attr.attempts, MAX_ATTEMPTS)} AND ${op.gt(attr.expiresAt, now)}`)
    .go({ response: 'all_new' });
  return data;
}

/** Deletes the code just checked; of concurrent right answers only one gets past this. */
export async function consumeCode(db: Db, purpose: CodePurpose, email: string, codeHash: string) {
  try {
    await db.entities.verification
      .delete({ purpose, email })
      .where((attr, op) => op.eq(attr.codeHash, codeHash))
      .go();
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    throw new AppError('code_invalid', 'the code was used or replaced meanwhile');
  }
}

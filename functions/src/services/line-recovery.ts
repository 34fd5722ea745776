/**
 * LINE recovery: a code to the fan's confirmed notification e-mail, exchanged for a short-lived
 * recovery ticket. Only a confirmed address counts, and a confirmed address belongs to one fan
 * (`unique#notify-email#<address>`), so the profile to move is never ambiguous.
 */
import { businessConfig, type Language } from '@app/shared/config';
import type { Db } from '../db/service.ts';
import type { Clock } from '../lib/clock.ts';
import { AppError } from '../lib/errors.ts';
import { signToken } from '../lib/tokens.ts';
import { codeMail, type Mailer } from './mail.ts';
import { allowCodeMail, checkCode, consumeCode, issueCode } from './verification-codes.ts';

export interface RecoveryDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  authSecret: string;
}

/** The fan who confirmed this address, if any. */
async function fanOfAddress(db: Db, email: string): Promise<string | undefined> {
  const { data: claim } = await db.entities.uniqueClaim.get({ kind: 'notify-email', value: email }).go();
  if (!claim) return undefined;
  const { data: profile } = await db.entities.profile.get({ profileId: claim.profileId }).go();
  return profile?.roleId === businessConfig.roles.FAN ? profile.profileId : undefined;
}

/** Answers the same whether or not a fan uses this address (no account probing, the mail limit included). */
export async function startLineRecovery(deps: RecoveryDeps, email: string, lang: Language): Promise<void> {
  const allowance = await allowCodeMail(deps.db, deps.clock, 'line-recovery', email);
  const profileId = await fanOfAddress(deps.db, email);
  if (!profileId) return;
  const code = await issueCode(deps.db, deps.clock, allowance, { profileId });
  await deps.mailer.send(codeMail('line-recovery', lang, email, code));
}

export async function verifyLineRecovery(deps: RecoveryDeps, email: string, code: string) {
  const record = await checkCode(deps.db, deps.clock, 'line-recovery', email, code);
  await consumeCode(deps.db, 'line-recovery', email, record.codeHash);
  // The fan may have changed or given up the address since the code was sent.
  if (!record.profileId || (await fanOfAddress(deps.db, email)) !== record.profileId) {
    throw new AppError('code_invalid', 'the address no longer belongs to the fan');
  }
  const ticket = await signToken(
    deps.authSecret,
    'line-recovery',
    {},
    record.profileId,
    deps.clock.now(),
    businessConfig.auth.verificationCodeMinutes * 60,
  );
  return { recovery_token: ticket };
}

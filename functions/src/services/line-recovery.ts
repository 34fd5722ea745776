/** LINE recovery: a code to the fan's notification e-mail, exchanged for a short-lived recovery ticket. */
import { businessConfig, type Language } from '@app/shared/config';
import type { Db } from '../db/service.ts';
import type { Clock } from '../lib/clock.ts';
import { AppError } from '../lib/errors.ts';
import { signToken } from '../lib/tokens.ts';
import { codeMail, type Mailer } from './mail.ts';
import { checkCode, issueCode } from './verification-codes.ts';

export interface RecoveryDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  authSecret: string;
}

/** Answers the same whether or not a fan uses this address (no account probing). */
export async function startLineRecovery(deps: RecoveryDeps, email: string, lang: Language): Promise<void> {
  const { data } = await deps.db.entities.userInfo.query
    .byNotificationEmail({ notificationEmail: email })
    .go();
  for (const info of data) {
    const { data: profile } = await deps.db.entities.profile.get({ profileId: info.profileId }).go();
    if (profile?.roleId === businessConfig.roles.FAN) {
      const code = await issueCode(deps.db, deps.clock, 'line-recovery', email, {
        profileId: profile.profileId,
      });
      await deps.mailer.send(codeMail('line-recovery', lang, email, code));
      return;
    }
  }
}

export async function verifyLineRecovery(deps: RecoveryDeps, email: string, code: string) {
  const record = await checkCode(deps.db, deps.clock, 'line-recovery', email, code);
  if (!record.profileId) throw new AppError('code_invalid');
  await deps.db.entities.verification.delete({ purpose: 'line-recovery', email }).go();
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

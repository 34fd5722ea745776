/**
 * A fan's notification e-mail is confirmed by a code sent to it. A confirmed address belongs to
 * one fan (`unique#notify-email#<address>`, a conditional write) and is what LINE recovery goes
 * by. Changing the address (POST /mypage/user) gives the old claim up and needs a new code.
 */
import type { Language } from '@app/shared/config';
import type { MypageResponse } from '@app/shared/schemas/mypage';
import type { Db } from '../db/service.ts';
import type { ProfileItem } from '../lib/auth.ts';
import type { Clock } from '../lib/clock.ts';
import { AppError } from '../lib/errors.ts';
import { codeMail, type Mailer } from './mail.ts';
import { getMypage } from './mypage.ts';
import { allowCodeMail, checkCode, issueCode, profileCodeKey } from './verification-codes.ts';

export interface NotificationEmailDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  siteUrl: string;
}

async function savedAddress(db: Db, profileId: string) {
  const { data } = await db.entities.userInfo.get({ profileId }).go({ consistent: true });
  if (!data) throw new AppError('notification_email_missing');
  return data;
}

/** Sends a code to the saved address (nothing to do when it is already confirmed). */
export async function sendNotificationEmailCode(
  deps: NotificationEmailDeps,
  caller: ProfileItem,
  lang: Language,
): Promise<void> {
  const info = await savedAddress(deps.db, caller.profileId);
  if (info.notificationEmailVerified) return;
  const email = info.notificationEmail;
  const allowance = await allowCodeMail(deps.db, deps.clock, 'notify-email', email);
  const code = await issueCode(
    deps.db,
    deps.clock,
    allowance,
    { profileId: caller.profileId },
    profileCodeKey(caller.profileId, email),
  );
  await deps.mailer.send(codeMail('notify-email', lang, email, code));
}

/** Confirms the saved address with its code and claims it for this fan, all or nothing. */
export async function verifyNotificationEmail(
  deps: Omit<NotificationEmailDeps, 'mailer'>,
  caller: ProfileItem,
  code: string,
): Promise<MypageResponse> {
  const { db, clock } = deps;
  const me = caller.profileId;
  const info = await savedAddress(db, me);
  const email = info.notificationEmail;
  const key = profileCodeKey(me, email);
  const record = await checkCode(db, clock, 'notify-email', key, code);
  const result = await db.transaction
    .write(({ uniqueClaim, userInfo, verification }) => [
      uniqueClaim
        .put({ kind: 'notify-email', value: email, profileId: me })
        .where((attr, op) => `${op.notExists(attr.profileId)} OR ${op.eq(attr.profileId, me)}`)
        .commit(),
      userInfo
        .patch({ profileId: me })
        .set({ notificationEmailVerified: true, updatedAt: clock.now().toISOString() })
        .where((attr, op) => op.eq(attr.notificationEmail, email))
        .commit(),
      verification
        .delete({ purpose: 'notify-email', email: key })
        .where((attr, op) => op.eq(attr.codeHash, record.codeHash))
        .commit(),
    ])
    .go();
  if (result.canceled) {
    const { data: claim } = await db.entities.uniqueClaim.get({ kind: 'notify-email', value: email }).go();
    if (claim && claim.profileId !== me) throw new AppError('notification_email_taken');
    throw new AppError('code_invalid', 'the code was used or the address changed meanwhile');
  }
  return getMypage(deps, me);
}

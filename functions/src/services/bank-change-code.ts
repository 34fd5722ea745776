/**
 * The code that allows one change of stored bank details, mailed to the account's login e-mail
 * (purpose `bank-change`, bound to the profile like the notification e-mail's code:
 * `<profileId>#<address>`, so another account's code never fits). Kept apart from
 * bank-account.ts so the mailing handler's bundle carries no bank-code data.
 */
import type { Language } from '@app/shared/config';
import type { ProfileItem } from '../lib/auth.ts';
import { AppError } from '../lib/errors.ts';
import { codeMail, type Mailer } from './mail.ts';
import type { MypageDeps } from './mypage.ts';
import { allowCodeMail, issueCode, profileCodeKey } from './verification-codes.ts';

export const BANK_CODE_PURPOSE = 'bank-change' as const;

/** The login e-mail the change code goes to; a cast created by an organization may have none. */
function codeAddress(caller: ProfileItem): string {
  if (!caller.email) throw new AppError('bank_email_missing');
  return caller.email;
}

/** Where this account's change code is stored (`bank_email_missing` without a login e-mail). */
export const bankCodeKey = (caller: ProfileItem) => profileCodeKey(caller.profileId, codeAddress(caller));

/** Mails a code that allows one change of the stored bank details (limited per hour by address). */
export async function sendBankChangeCode(
  deps: MypageDeps & { mailer: Mailer },
  caller: ProfileItem,
  lang: Language,
): Promise<{ email: string }> {
  const email = codeAddress(caller);
  const allowance = await allowCodeMail(deps.db, deps.clock, BANK_CODE_PURPOSE, email);
  const code = await issueCode(
    deps.db,
    deps.clock,
    allowance,
    { profileId: caller.profileId },
    profileCodeKey(caller.profileId, email),
  );
  await deps.mailer.send(codeMail(BANK_CODE_PURPOSE, lang, email, code));
  return { email };
}

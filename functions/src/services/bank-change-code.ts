/**
 * The code that allows one change of stored bank details, mailed to the account's login e-mail
 * (bank-code-key.ts). Kept apart from bank-account.ts: the mailing handler's bundle carries no
 * bank-code data, the save's no mail templates.
 */
import type { Language } from '@app/shared/config';
import type { ProfileItem } from '../lib/auth.ts';
import { BANK_CODE_PURPOSE, bankCodeAddress } from './bank-code-key.ts';
import { codeMail, type Mailer } from './mail.ts';
import type { MypageDeps } from './mypage.ts';
import { allowCodeMail, issueCode, profileCodeKey } from './verification-codes.ts';

/** Mails a code that allows one change of the stored bank details (limited per hour by address). */
export async function sendBankChangeCode(
  deps: MypageDeps & { mailer: Mailer },
  caller: ProfileItem,
  lang: Language,
): Promise<{ email: string }> {
  const email = bankCodeAddress(caller);
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

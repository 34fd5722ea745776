/**
 * Where the code that allows one change of stored bank details lives: purpose `bank-change`,
 * bound to the profile and its login e-mail (`<profileId>#<address>`), so another account's code
 * never fits. Tiny on purpose: the save (bank-account.ts) and the mailing (bank-change-code.ts)
 * both read it without pulling each other's dependencies into their bundles.
 */
import type { ProfileItem } from '../lib/auth.ts';
import { AppError } from '../lib/errors.ts';
import { profileCodeKey } from './verification-codes.ts';

export const BANK_CODE_PURPOSE = 'bank-change' as const;

/** The login e-mail the change code goes to; a cast created by an organization may have none. */
export function bankCodeAddress(caller: ProfileItem): string {
  if (!caller.email) throw new AppError('bank_email_missing');
  return caller.email;
}

/** Where this account's change code is stored (`bank_email_missing` without a login e-mail). */
export const bankCodeKey = (caller: ProfileItem) => profileCodeKey(caller.profileId, bankCodeAddress(caller));

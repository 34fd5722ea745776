/**
 * The bank account rewards go to (sign-up step 3, and later edits from the withdrawals screen),
 * checked against the bank-code data.
 *
 * Changing stored details needs a code mailed to the account's login e-mail (DECISIONS.md):
 * `sendBankChangeCode` mails it (purpose `bank-change`, bound to the profile like the notification
 * e-mail's code: `<profileId>#<address>`, so another account's code never fits), and
 * `updateBank` consumes it in the same transaction as the change (a conditional delete on the
 * code's hash), so one code changes the account once. The first save and a save of identical
 * details need no code. The account item's `updatedAt` conditions the write, so details that
 * appear or change meanwhile are never overwritten without the check they would have needed.
 */
import type { Language } from '@app/shared/config';
import type { BankRequest, MypageResponse } from '@app/shared/schemas/mypage';
import { V } from '@app/shared/validation';
import type { ProfileItem } from '../lib/auth.ts';
import { AppError, fieldError } from '../lib/errors.ts';
import { findBank, findBranch } from './banks.ts';
import { codeMail, type Mailer } from './mail.ts';
import { getMypage, type MypageDeps, progress, requireStep, STEP } from './mypage.ts';
import { directoryCommits } from './social/directory.ts';
import { allowCodeMail, checkCode, issueCode, profileCodeKey } from './verification-codes.ts';

const PURPOSE = 'bank-change' as const;

/** The login e-mail the change code goes to; a cast created by an organization may have none. */
function codeAddress(caller: ProfileItem): string {
  if (!caller.email) throw new AppError('bank_email_missing');
  return caller.email;
}

/** Mails a code that allows one change of the stored bank details (limited per hour by address). */
export async function sendBankChangeCode(
  deps: MypageDeps & { mailer: Mailer },
  caller: ProfileItem,
  lang: Language,
): Promise<{ email: string }> {
  const email = codeAddress(caller);
  const allowance = await allowCodeMail(deps.db, deps.clock, PURPOSE, email);
  const code = await issueCode(
    deps.db,
    deps.clock,
    allowance,
    { profileId: caller.profileId },
    profileCodeKey(caller.profileId, email),
  );
  await deps.mailer.send(codeMail(PURPOSE, lang, email, code));
  return { email };
}

export async function updateBank(
  deps: MypageDeps,
  caller: ProfileItem,
  input: BankRequest,
  retried = false,
): Promise<MypageResponse> {
  const { db, clock } = deps;
  const me = caller.profileId;
  requireStep(caller, STEP.user);
  const found = findBranch(input.bank_code, input.branch_code);
  if (!found) {
    throw findBank(input.bank_code) ? fieldError('branch_code', V.branch) : fieldError('bank_code', V.bank);
  }
  const details = {
    bankCode: found.bank.code,
    bankName: found.bank.name,
    branchCode: found.branch.code,
    branchName: found.branch.name,
    accountType: input.account_type,
    accountNumber: input.account_number,
    accountOwner: input.account_owner,
  };
  const { data: stored } = await db.entities.bankAccount.get({ profileId: me }).go({ consistent: true });
  const changed =
    !!stored &&
    (stored.bankCode !== details.bankCode ||
      stored.branchCode !== details.branchCode ||
      stored.accountType !== details.accountType ||
      stored.accountNumber !== details.accountNumber ||
      stored.accountOwner !== details.accountOwner);
  let code: { key: string; codeHash: string } | undefined;
  if (changed) {
    if (!input.code) throw new AppError('bank_code_required');
    const key = profileCodeKey(me, codeAddress(caller));
    const record = await checkCode(db, clock, PURPOSE, key, input.code);
    code = { key, codeHash: record.codeHash };
  }
  const now = clock.now().toISOString();
  const changes = { updatedAt: now, bankSkipped: false, ...progress(caller, STEP.bank) };
  const result = await db.transaction
    .write(({ bankAccount, profile, searchDoc, verification }) => [
      bankAccount
        .put({ profileId: me, ...details, updatedAt: now })
        // The details this decision was made on are still the stored ones (or there are none).
        .where((attr, op) =>
          stored ? op.eq(attr.updatedAt, stored.updatedAt) : op.notExists(attr.updatedAt),
        )
        .commit(),
      profile.patch({ profileId: me }).set(changes).commit(),
      // Completing step 3 completes a creator's sign-up: the directory entry comes with it.
      ...directoryCommits({ searchDoc }, { ...caller, ...changes }, now),
      // The code is spent with the change: a replay finds it gone.
      ...(code
        ? [
            verification
              .delete({ purpose: PURPOSE, email: code.key })
              .where((attr, op) => op.eq(attr.codeHash, (code as { codeHash: string }).codeHash))
              .commit(),
          ]
        : []),
    ])
    .go();
  if (result.canceled) {
    // Another save won the race. With a code: it was spent, or the details moved on. Without
    // one: decide again once on the details now stored (the same details pass, others need a code).
    if (code) throw new AppError('code_invalid', 'the code was used or the details changed meanwhile');
    if (!retried) return updateBank(deps, caller, input, true);
    throw new AppError('too_many_requests', 'the bank details changed meanwhile');
  }
  return getMypage(deps, me);
}

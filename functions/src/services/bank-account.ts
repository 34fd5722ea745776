/** Sign-up step 3: the bank account rewards go to, checked against the bank-code data. */
import type { BankRequest, MypageResponse } from '@app/shared/schemas/mypage';
import { V } from '@app/shared/validation';
import type { ProfileItem } from '../lib/auth.ts';
import { fieldError } from '../lib/errors.ts';
import { findBank, findBranch } from './banks.ts';
import { getMypage, type MypageDeps, progress, requireStep, STEP } from './mypage.ts';
import { directoryCommits } from './social/directory.ts';

export async function updateBank(
  deps: MypageDeps,
  caller: ProfileItem,
  input: BankRequest,
): Promise<MypageResponse> {
  const { db, clock } = deps;
  requireStep(caller, STEP.user);
  const found = findBranch(input.bank_code, input.branch_code);
  if (!found) {
    throw findBank(input.bank_code) ? fieldError('branch_code', V.branch) : fieldError('bank_code', V.bank);
  }
  const now = clock.now().toISOString();
  const changes = { updatedAt: now, bankSkipped: false, ...progress(caller, STEP.bank) };
  await db.transaction
    .write(({ bankAccount, profile, searchDoc }) => [
      bankAccount
        .put({
          profileId: caller.profileId,
          bankCode: found.bank.code,
          bankName: found.bank.name,
          branchCode: found.branch.code,
          branchName: found.branch.name,
          accountType: input.account_type,
          accountNumber: input.account_number,
          accountOwner: input.account_owner,
          updatedAt: now,
        })
        .commit(),
      profile.patch({ profileId: caller.profileId }).set(changes).commit(),
      // Completing step 3 completes a creator's sign-up: the directory entry comes with it.
      ...directoryCommits({ searchDoc }, { ...caller, ...changes }, now),
    ])
    .go();
  return getMypage(deps, caller.profileId);
}

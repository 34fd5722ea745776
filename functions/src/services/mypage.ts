/** Mypage: the account screen and the sign-up steps (1 profile, 2 user info, 3 bank, skippable). */
import { errorCatalog } from '@app/shared/errors';
import { isSetupComplete, ROLE } from '@app/shared/roles';
import type { MypageResponse, profileUpdateRequest, userInfoRequest } from '@app/shared/schemas/mypage';
import { jstDate } from '@app/shared/time';
import type { EntityItem } from 'electrodb';
import type * as z from 'zod/mini';
import type { BankAccount } from '../db/entities/bank-account.ts';
import type { UserInfo } from '../db/entities/user-info.ts';
import { isConditionFailure } from '../db/errors.ts';
import type { Db } from '../db/service.ts';
import type { ProfileItem } from '../lib/auth.ts';
import type { Clock } from '../lib/clock.ts';
import { timeId } from '../lib/crypto.ts';
import { AppError, fieldError } from '../lib/errors.ts';
import { type BusinessItem, businessView } from './chat/business.ts';
import { publicUrl } from './media/pipeline.ts';
import { directoryCommits } from './social/directory.ts';

export interface MypageDeps {
  db: Db;
  clock: Clock;
  /** The site's origin: public media (avatar, background) is served on it (`publicUrl`). */
  siteUrl: string;
}

export const STEP = { profile: 1, user: 2, bank: 3 } as const;

async function loadAccount(db: Db, profileId: string) {
  const { data } = await db.collections.account({ profileId }).go();
  const profile = data.profile[0];
  if (!profile) throw new AppError('profile_not_found');
  return {
    profile,
    userInfo: data.userInfo[0],
    bank: data.bankAccount[0],
    business: data.businessSettings[0],
  };
}

function toView(
  profile: ProfileItem,
  userInfo: EntityItem<typeof UserInfo> | undefined,
  bank: EntityItem<typeof BankAccount> | undefined,
  business: BusinessItem | undefined,
  today: string,
  siteUrl: string,
  castOf: { name: string } | null,
): MypageResponse {
  return {
    profile: {
      id: profile.profileId,
      role_id: profile.roleId,
      username: profile.username ?? null,
      nickname: profile.nickname ?? null,
      genre: profile.genre ?? null,
      bio: profile.bio ?? null,
      area: profile.area ?? 0,
      profile_image: publicUrl(siteUrl, profile.profileImage),
      background_image: publicUrl(siteUrl, profile.backgroundImage),
      is_anonymous_open_log: profile.isAnonymousOpenLog ?? false,
      is_hide_supporter_ranking: profile.isHideSupporterRanking ?? false,
    },
    user: userInfo
      ? {
          full_name: userInfo.fullName,
          notification_email: userInfo.notificationEmail,
          notification_email_verified: userInfo.notificationEmailVerified ?? false,
          gender: userInfo.gender,
          birth_date: userInfo.birthDate,
        }
      : null,
    bank: bank
      ? {
          bank_code: bank.bankCode,
          bank_name: bank.bankName,
          branch_code: bank.branchCode,
          branch_name: bank.branchName,
          account_type: bank.accountType,
          account_number: bank.accountNumber,
          account_owner: bank.accountOwner,
        }
      : null,
    email: profile.email ?? null,
    step: profile.step,
    final_step: profile.finalStep,
    setup_complete: isSetupComplete(profile.roleId, profile.finalStep),
    bank_skipped: profile.bankSkipped ?? false,
    // Fans have none; creators and owners see the defaults until they save.
    business: profile.roleId === ROLE.FAN ? null : businessView(business, today),
    cast_of: castOf,
    password_change_required: profile.passwordChangeRequired === true,
  };
}

export async function getMypage(deps: MypageDeps, profileId: string): Promise<MypageResponse> {
  const { profile, userInfo, bank, business } = await loadAccount(deps.db, profileId);
  // A cast's organization (its rewards go there): one more GetItem, for casts only.
  const org = profile.organizationId
    ? (await deps.db.entities.organization.get({ organizationId: profile.organizationId }).go()).data
    : null;
  return toView(
    profile,
    userInfo,
    bank,
    business,
    jstDate(deps.clock.now()),
    deps.siteUrl,
    org ? { name: org.name } : null,
  );
}

export async function isUsernameAvailable(db: Db, profileId: string, username: string): Promise<boolean> {
  const { data } = await db.entities.uniqueClaim
    .get({ kind: 'username', value: username.toLowerCase() })
    .go();
  return !data || data.profileId === profileId;
}

/** Progress after completing `step`: finalStep never goes down; step points at the next one. */
export function progress(profile: ProfileItem, step: number) {
  const finalStep = Math.max(profile.finalStep, step);
  return { finalStep, step: Math.max(profile.step, finalStep + 1) };
}

export function requireStep(profile: ProfileItem, before: number) {
  if (profile.finalStep < before) throw new AppError('registration_incomplete');
}

/** Attempts of a profile update that a concurrent update of the same profile cancelled. */
const PROFILE_UPDATE_ATTEMPTS = 4;

export async function updateProfile(
  deps: MypageDeps,
  caller: ProfileItem,
  input: z.output<typeof profileUpdateRequest>,
): Promise<MypageResponse> {
  const { db } = deps;
  const newKey = input.username.toLowerCase();
  let current = caller;
  for (let attempt = 1; ; attempt++) {
    const result = await writeProfile(deps, current, input);
    if (!result.canceled) break;
    // Taken by someone else (now or in a race we lost): the field's message.
    if (!(await isUsernameAvailable(db, caller.profileId, newKey))) {
      throw fieldError('username', errorCatalog.username_taken.key);
    }
    // A concurrent update of this profile changed the username between our read and our write:
    // read it again and retry; a profile that keeps changing answers the 409, never a 500.
    if (attempt >= PROFILE_UPDATE_ATTEMPTS)
      throw new AppError('username_taken', 'profile update kept conflicting');
    const { data } = await db.entities.profile.get({ profileId: caller.profileId }).go({ consistent: true });
    if (!data) throw new AppError('profile_not_found');
    current = data;
  }
  return getMypage(deps, caller.profileId);
}

/** One transaction: the profile (as read) and, on a username change, the swap of the claims. */
function writeProfile(deps: MypageDeps, caller: ProfileItem, input: z.output<typeof profileUpdateRequest>) {
  const username = input.username;
  const newKey = username.toLowerCase();
  const oldKey = caller.username?.toLowerCase();
  const now = deps.clock.now().toISOString();
  const changes = {
    username,
    nickname: input.nickname,
    genre: input.genre,
    bio: input.bio,
    area: input.area,
    isAnonymousOpenLog: input.is_anonymous_open_log,
    isHideSupporterRanking: input.is_hide_supporter_ranking,
    updatedAt: now,
    ...progress(caller, STEP.profile),
  };
  return deps.db.transaction
    .write(({ uniqueClaim, profile, searchDoc }) => [
      ...(newKey !== oldKey
        ? [
            uniqueClaim.create({ kind: 'username', value: newKey, profileId: caller.profileId }).commit(),
            ...(oldKey
              ? [
                  uniqueClaim
                    .delete({ kind: 'username', value: oldKey })
                    .where((attr, op) => op.eq(attr.profileId, caller.profileId))
                    .commit(),
                ]
              : []),
          ]
        : []),
      profile
        .patch({ profileId: caller.profileId })
        .set(changes)
        // Guards against a concurrent username change between our read and this write.
        .where((attr, op) =>
          caller.username ? op.eq(attr.username, caller.username) : op.notExists(attr.username),
        )
        .commit(),
      // The creator directory follows the profile (M3).
      ...directoryCommits({ searchDoc }, { ...caller, ...changes }, now),
    ])
    .go();
}

export async function updateUserInfo(
  deps: MypageDeps,
  caller: ProfileItem,
  input: z.output<typeof userInfoRequest>,
): Promise<MypageResponse> {
  const { db, clock } = deps;
  requireStep(caller, STEP.profile);
  const now = clock.now().toISOString();
  const { data: existing } = await db.entities.userInfo
    .get({ profileId: caller.profileId })
    .go({ consistent: true });
  const changedAddress = existing !== null && existing.notificationEmail !== input.notification_email;
  const fields = {
    fullName: input.full_name,
    notificationEmail: input.notification_email,
    gender: input.gender,
    updatedAt: now,
    // A new address is unconfirmed until its code comes back.
    ...(changedAddress ? { notificationEmailVerified: false } : {}),
  };
  if (existing) {
    if (existing.birthDate !== input.birth_date) throw new AppError('birth_date_immutable');
    if (changedAddress && existing.notificationEmailVerified) {
      // The confirmed address is given up with the change, in the same transaction.
      const old = existing.notificationEmail;
      const result = await db.transaction
        .write(({ userInfo, uniqueClaim }) => [
          userInfo
            .patch({ profileId: caller.profileId })
            .set(fields)
            .where((attr, op) => op.eq(attr.notificationEmail, old))
            .commit(),
          uniqueClaim
            .delete({ kind: 'notify-email', value: old })
            .where((attr, op) => op.eq(attr.profileId, caller.profileId))
            .commit(),
        ])
        .go();
      if (result.canceled) throw new AppError('too_many_requests', 'user info changed meanwhile');
    } else {
      await db.entities.userInfo
        .patch({ profileId: caller.profileId })
        .set(fields)
        .where((attr, op) => op.eq(attr.notificationEmail, existing.notificationEmail))
        .go()
        .catch((error) => {
          if (isConditionFailure(error))
            throw new AppError('too_many_requests', 'user info changed meanwhile');
          throw error;
        });
    }
  } else {
    // create() fails if a concurrent request wrote the birth date first.
    await db.entities.userInfo
      .create({ profileId: caller.profileId, birthDate: input.birth_date, ...fields })
      .go()
      .catch(() => {
        throw new AppError('birth_date_immutable');
      });
  }
  await completeUserStep(deps, caller, now);
  return getMypage(deps, caller.profileId);
}

/**
 * Step 2 done. For a fan this completes the sign-up: a fan who came through a creator's invitation
 * link gets the `invitation` item in the same transaction (once: `attribute_not_exists`); its
 * INSERT on the stream is the invitation event (the creator's notice, trigger broadcast 1).
 */
async function completeUserStep(deps: MypageDeps, caller: ProfileItem, now: string): Promise<void> {
  const changes = { updatedAt: now, ...progress(caller, STEP.user) };
  const completes =
    !isSetupComplete(caller.roleId, caller.finalStep) && isSetupComplete(caller.roleId, changes.finalStep);
  if (completes && caller.invitedBy) {
    const invitedBy = caller.invitedBy;
    const result = await deps.db.transaction
      .write(({ profile, invitation }) => [
        profile.patch({ profileId: caller.profileId }).set(changes).commit(),
        invitation
          .create({
            creatorId: invitedBy,
            fanId: caller.profileId,
            eventId: timeId(deps.clock.now()),
            fanNickname: caller.nickname ?? '',
            registeredAt: now,
          })
          .commit(),
      ])
      .go();
    // Cancelled: a concurrent save of this step wrote the invitation already; the progress still goes.
    if (!result.canceled) return;
  }
  await deps.db.entities.profile.patch({ profileId: caller.profileId }).set(changes).go();
}

export async function skipBankStep(deps: MypageDeps, caller: ProfileItem): Promise<MypageResponse> {
  if (caller.finalStep < STEP.user) throw new AppError('step_not_skippable');
  if (caller.finalStep < STEP.bank) {
    const now = deps.clock.now().toISOString();
    const changes = { updatedAt: now, bankSkipped: true, ...progress(caller, STEP.bank) };
    // Skipping the bank step completes a creator's sign-up: the creator enters the directory with it.
    await deps.db.transaction
      .write(({ profile, searchDoc }) => [
        profile.patch({ profileId: caller.profileId }).set(changes).commit(),
        ...directoryCommits({ searchDoc }, { ...caller, ...changes }, now),
      ])
      .go();
  }
  return getMypage(deps, caller.profileId);
}

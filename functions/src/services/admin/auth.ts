/**
 * Admins (role 3): created by the operations script (`npm run admin:create`), never by sign-up.
 * Sign-in is e-mail, password and an RFC 6238 code. The first sign-in enrols the authenticator:
 * the password answers a secret to scan (QR) and an enrolment token; the first right code confirms
 * it and hands out one-time recovery codes. A code is accepted once: the time step it belongs to
 * is stored with a condition that it is newer than the last one (a replay, even concurrent, is
 * refused). The regular logins refuse admins (services/accounts.ts), so the second factor cannot
 * be skipped.
 */
import { businessConfig } from '@app/shared/config';
import { ROLE } from '@app/shared/roles';
import {
  type AdminEnrolResponse,
  type AdminLoginResponse,
  type AdminMeResponse,
  AUDIT_SYSTEM_CLI,
} from '@app/shared/schemas/admin';
import { isConditionFailure } from '../../db/errors.ts';
import type { ProfileItem } from '../../lib/auth.ts';
import { DUMMY_PASSWORD_HASH, hashPassword, newId, sha256, verifyPassword } from '../../lib/crypto.ts';
import { AppError } from '../../lib/errors.ts';
import { signToken, verifyToken } from '../../lib/tokens.ts';
import { profileByClaim } from '../accounts.ts';
import { takeSlot } from '../rate-limit.ts';
import { type SessionDeps, startSession } from '../sessions.ts';
import { type AuditInput, auditCommit } from './audit.ts';
import { newTotpSecret, openTotpSecret, otpauthUrl, sealTotpSecret, totpStep } from './totp.ts';

const AD = businessConfig.admin;
const RECOVERY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export type AdminAuthDeps = SessionDeps;

/**
 * The operations script as an audit actor: `by` names the shell's user who ran it (for the record;
 * the script runs with the table's credentials, so it is not a proof).
 */
export const cliActor = (by: string): AuditInput['actor'] => ({
  profileId: AUDIT_SYSTEM_CLI,
  nickname: by,
  email: '',
});

/**
 * A new admin account (the operations script), with its audit entry in the same transaction. Its
 * authenticator is enrolled at the first login.
 */
export async function createAdmin(
  deps: Pick<SessionDeps, 'db' | 'clock'>,
  input: { email: string; nickname: string; password: string; by: string },
): Promise<{ profileId: string }> {
  const at = deps.clock.now();
  const now = at.toISOString();
  const profileId = newId();
  const passwordHash = await hashPassword(input.password);
  const result = await deps.db.transaction
    .write(({ uniqueClaim, profile, audit }) => [
      uniqueClaim.create({ kind: 'email', value: input.email, profileId }).commit(),
      profile
        .create({
          profileId,
          roleId: ROLE.ADMIN,
          status: 'active',
          email: input.email,
          passwordHash,
          nickname: input.nickname,
          step: 1,
          finalStep: 1,
          totpConfirmed: false,
          createdAt: now,
          updatedAt: now,
        })
        .commit(),
      auditCommit({ audit }, at, {
        actor: cliActor(input.by),
        action: 'admin.create',
        targetType: 'admin',
        targetId: profileId,
        after: { email: input.email, nickname: input.nickname },
      }),
    ])
    .go();
  if (result.canceled) throw new AppError('validation', 'that e-mail has an account already');
  return { profileId };
}

/**
 * The operations script's repairs: a new password, and/or a new enrolment (a lost phone): the old
 * secret, recovery codes and sessions are gone; the next login enrols again. One audit entry per
 * repair, in the same transaction (the password itself is never written to the log).
 */
export async function resetAdmin(
  deps: Pick<SessionDeps, 'db' | 'clock'>,
  email: string,
  input: { password?: string; resetTotp?: boolean; by: string },
): Promise<void> {
  const profile = await profileByClaim(deps.db, 'email', email);
  if (!profile || profile.roleId !== ROLE.ADMIN) throw new AppError('profile_not_found');
  if (!input.password && !input.resetTotp) return;
  const at = deps.clock.now();
  const now = at.toISOString();
  const entry = (action: AuditInput['action'], before: AuditInput['before'], after: AuditInput['after']) => ({
    actor: cliActor(input.by),
    action,
    targetType: 'admin' as const,
    targetId: profile.profileId,
    before,
    after,
  });
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  const result = await deps.db.transaction
    .write(({ profile: p, audit }) => {
      const set = p.patch({ profileId: profile.profileId }).set({
        updatedAt: now,
        sessionsEndedAt: now,
        ...(passwordHash ? { passwordHash } : {}),
        ...(input.resetTotp ? { totpConfirmed: false } : {}),
      });
      const patch = input.resetTotp ? set.remove(['totpSecret', 'recoveryCodeHashes', 'totpLastStep']) : set;
      return [
        patch.where((a, op) => op.eq(a.roleId, profile.roleId)).commit(),
        ...(passwordHash
          ? [auditCommit({ audit }, at, entry('admin.reset_password', null, { sessions_ended_at: now }))]
          : []),
        ...(input.resetTotp
          ? [
              auditCommit(
                { audit },
                at,
                entry(
                  'admin.reset_totp',
                  { totp_confirmed: profile.totpConfirmed === true },
                  { totp_confirmed: false, sessions_ended_at: now },
                ),
              ),
            ]
          : []),
      ];
    })
    .go();
  if (result.canceled) throw new AppError('profile_not_found');
}

const enrolmentHash = (sealed: string) => sha256(`enrol:${sealed}`);

/** The admin's pending secret, created on the first password login (concurrent logins share one). */
async function pendingSecret(deps: AdminAuthDeps, profile: ProfileItem): Promise<string> {
  if (profile.totpSecret) return profile.totpSecret;
  const sealed = sealTotpSecret(deps.authSecret, newTotpSecret());
  try {
    await deps.db.entities.profile
      .patch({ profileId: profile.profileId })
      .set({ totpSecret: sealed })
      .where((a, op) => `${op.notExists(a.totpSecret)} AND ${op.ne(a.totpConfirmed, true)}`)
      .go();
    return sealed;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const { data } = await deps.db.entities.profile
      .get({ profileId: profile.profileId })
      .go({ consistent: true });
    if (!data?.totpSecret || data.totpConfirmed) throw new AppError('enrolment_invalid');
    return data.totpSecret;
  }
}

/** Uses a code once: the step must be newer than the last accepted one. */
async function spendStep(deps: AdminAuthDeps, profileId: string, step: number): Promise<void> {
  try {
    await deps.db.entities.profile
      .patch({ profileId })
      .set({ totpLastStep: step })
      .where((a, op) => `${op.notExists(a.totpLastStep)} OR ${op.lt(a.totpLastStep, step)}`)
      .go();
  } catch (error) {
    if (isConditionFailure(error)) throw new AppError('totp_replayed');
    throw error;
  }
}

/** Uses a recovery code once (its hash leaves the set on a condition that it is still there). */
async function spendRecoveryCode(deps: AdminAuthDeps, profile: ProfileItem, code: string): Promise<void> {
  const hash = sha256(`recovery:${code}`);
  const now = deps.clock.now();
  const result = await deps.db.transaction
    .write(({ profile: p, audit }) => [
      p
        .patch({ profileId: profile.profileId })
        .delete({ recoveryCodeHashes: [hash] })
        .where((a, op) => op.contains(a.recoveryCodeHashes, hash))
        .commit(),
      auditCommit({ audit }, now, {
        actor: profile,
        action: 'admin.recovery_code_used',
        targetType: 'admin',
        targetId: profile.profileId,
        key: hash.slice(0, 16),
      }),
    ])
    .go();
  if (result.canceled) throw new AppError('totp_invalid');
}

/** `GET /admin/me`: the signed-in operator, as the console's header names it. */
export const adminMe = (profile: ProfileItem): AdminMeResponse => ({
  id: profile.profileId,
  name: profile.nickname || profile.email || profile.profileId,
  email: profile.email ?? '',
});

export async function adminLogin(
  deps: AdminAuthDeps,
  input: { email: string; password: string; code?: string | undefined },
): Promise<AdminLoginResponse> {
  const profile = await profileByClaim(deps.db, 'email', input.email);
  const key = profile ? `profile:${sha256(profile.profileId)}` : `name:email:${input.email}`;
  const slot = await takeSlot(deps.db, deps.clock, 'login', key, businessConfig.auth.throttle.loginFailures);
  const ok = await verifyPassword(input.password, profile?.passwordHash ?? DUMMY_PASSWORD_HASH);
  if (!profile || !ok || profile.roleId !== ROLE.ADMIN) throw new AppError('invalid_credentials');
  if (profile.status === 'suspended') throw new AppError('account_suspended');
  const now = deps.clock.now();

  if (!profile.totpConfirmed) {
    const sealed = await pendingSecret(deps, profile);
    await slot.release();
    const secret = openTotpSecret(deps.authSecret, sealed);
    return {
      enrolment: {
        enrolment_token: await signToken(
          deps.authSecret,
          'admin-enrol',
          { h: enrolmentHash(sealed) },
          profile.profileId,
          now,
          AD.enrolmentMinutes * 60,
        ),
        secret,
        otpauth_url: otpauthUrl(secret, input.email),
      },
    };
  }
  // The slot stays taken until the second factor is right too.
  if (!input.code) throw new AppError('totp_required');
  if (/^\d{6}$/.test(input.code)) {
    const step = totpStep(openTotpSecret(deps.authSecret, profile.totpSecret ?? ''), input.code, now);
    if (step === null) throw new AppError('totp_invalid');
    await spendStep(deps, profile.profileId, step);
  } else {
    await spendRecoveryCode(deps, profile, input.code);
  }
  await slot.release();
  return startSession(deps, profile);
}

function recoveryCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(10));
  return Array.from(bytes, (b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]).join('');
}

/** The first code from the authenticator confirms the enrolment; recovery codes are handed out once. */
export async function enrolAdmin(
  deps: AdminAuthDeps,
  input: { enrolment_token: string; code: string },
): Promise<AdminEnrolResponse> {
  const now = deps.clock.now();
  const { sub, claims } = await verifyToken(deps.authSecret, 'admin-enrol', input.enrolment_token, now).catch(
    () => {
      throw new AppError('enrolment_invalid');
    },
  );
  const { data: profile } = await deps.db.entities.profile.get({ profileId: sub }).go({ consistent: true });
  if (
    !profile ||
    profile.roleId !== ROLE.ADMIN ||
    profile.totpConfirmed ||
    !profile.totpSecret ||
    enrolmentHash(profile.totpSecret) !== claims.h
  )
    throw new AppError('enrolment_invalid');
  if (profile.status === 'suspended') throw new AppError('account_suspended');
  const step = totpStep(openTotpSecret(deps.authSecret, profile.totpSecret), input.code, now);
  if (step === null) throw new AppError('totp_invalid');
  const codes = Array.from({ length: AD.recoveryCodes }, recoveryCode);
  const result = await deps.db.transaction
    .write(({ profile: p, audit }) => [
      p
        .patch({ profileId: profile.profileId })
        .set({
          totpConfirmed: true,
          totpLastStep: step,
          recoveryCodeHashes: codes.map((c) => sha256(`recovery:${c}`)),
          updatedAt: now.toISOString(),
        })
        .where((a, op) => `${op.ne(a.totpConfirmed, true)} AND ${op.eq(a.totpSecret, profile.totpSecret)}`)
        .commit(),
      auditCommit({ audit }, now, {
        actor: profile,
        action: 'admin.enrol',
        targetType: 'admin',
        targetId: profile.profileId,
        after: { totp_confirmed: true },
      }),
    ])
    .go();
  if (result.canceled) throw new AppError('enrolment_invalid');
  return { ...(await startSession(deps, profile)), recovery_codes: codes };
}

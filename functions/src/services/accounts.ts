/** E-mail accounts (creators, owners, casts): registration, login, password reset, leaving. */
import type { Language } from '@app/shared/config';
import type { TokenResponse } from '@app/shared/schemas/auth';
import type { Db } from '../db/service.ts';
import type { ProfileItem } from '../lib/auth.ts';
import type { Clock } from '../lib/clock.ts';
import { DUMMY_PASSWORD_HASH, hashPassword, newId, verifyPassword } from '../lib/crypto.ts';
import { AppError } from '../lib/errors.ts';
import { codeMail, type Mailer } from './mail.ts';
import type { ConnectionSender } from './realtime.ts';
import { endAllSessions, startSession } from './sessions.ts';
import { checkCode, issueCode } from './verification-codes.ts';

export interface AccountDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  authSecret: string;
  /** The @connections API: ending sessions closes their sockets. */
  sockets: ConnectionSender;
}

export async function profileByClaim(db: Db, kind: 'email' | 'username' | 'line', value: string) {
  const { data: claim } = await db.entities.uniqueClaim.get({ kind, value }).go();
  if (!claim) return undefined;
  const { data: profile } = await db.entities.profile.get({ profileId: claim.profileId }).go();
  return profile ?? undefined;
}

export async function startRegistration(deps: AccountDeps, email: string, roleId: number, lang: Language) {
  if (await profileByClaim(deps.db, 'email', email)) throw new AppError('email_taken');
  const code = await issueCode(deps.db, deps.clock, 'register', email, { roleId });
  await deps.mailer.send(codeMail('register', lang, email, code));
}

export async function completeRegistration(
  deps: AccountDeps,
  email: string,
  code: string,
  password: string,
): Promise<TokenResponse> {
  const { db, clock } = deps;
  const record = await checkCode(db, clock, 'register', email, code);
  const now = clock.now().toISOString();
  const profileId = newId();
  const roleId = record.roleId ?? 2;
  const passwordHash = await hashPassword(password);
  const result = await db.transaction
    .write(({ uniqueClaim, profile, verification }) => [
      uniqueClaim.create({ kind: 'email', value: email, profileId }).commit(),
      profile
        .create({
          profileId,
          roleId,
          status: 'active',
          email,
          passwordHash,
          step: 1,
          finalStep: 0,
          createdAt: now,
          updatedAt: now,
        })
        .commit(),
      verification.delete({ purpose: 'register', email }).commit(),
    ])
    .go();
  if (result.canceled) throw new AppError('email_taken');
  return { ...(await startSession(deps, { profileId, roleId })), is_new: true };
}

function assertActive(profile: ProfileItem) {
  if (profile.status === 'suspended') throw new AppError('account_suspended');
}

async function passwordLogin(deps: AccountDeps, profile: ProfileItem | undefined, password: string) {
  const ok = await verifyPassword(password, profile?.passwordHash ?? DUMMY_PASSWORD_HASH);
  if (!profile?.passwordHash || !ok) throw new AppError('invalid_credentials');
  assertActive(profile);
  return startSession(deps, profile);
}

export async function login(deps: AccountDeps, email: string, password: string) {
  return passwordLogin(deps, await profileByClaim(deps.db, 'email', email), password);
}

/** Username and password: casts created by an organization, or any profile that set a password. */
export async function loginWithUsername(deps: AccountDeps, username: string, password: string) {
  return passwordLogin(deps, await profileByClaim(deps.db, 'username', username.toLowerCase()), password);
}

/** Sends a reset code when the address has an account; answers the same either way (no account probing). */
export async function startPasswordReset(deps: AccountDeps, email: string, lang: Language) {
  const profile = await profileByClaim(deps.db, 'email', email);
  if (!profile) return;
  const code = await issueCode(deps.db, deps.clock, 'reset', email, { profileId: profile.profileId });
  await deps.mailer.send(codeMail('reset', lang, email, code));
}

export async function completePasswordReset(
  deps: AccountDeps,
  email: string,
  code: string,
  password: string,
) {
  const { db, clock } = deps;
  const record = await checkCode(db, clock, 'reset', email, code);
  const profile = await profileByClaim(db, 'email', email);
  if (!profile || profile.profileId !== record.profileId) throw new AppError('code_invalid');
  await db.entities.profile
    .patch({ profileId: profile.profileId })
    .set({ passwordHash: await hashPassword(password), updatedAt: clock.now().toISOString() })
    .go();
  await db.entities.verification.delete({ purpose: 'reset', email }).go();
  await endAllSessions(deps, profile.profileId);
}

/** E-mail accounts (creators, owners, casts): registration, login, password reset, leaving. */
import { businessConfig, type Language } from '@app/shared/config';
import { campaignRuns } from '@app/shared/ledger';
import { ROLE } from '@app/shared/roles';
import type { TokenResponse } from '@app/shared/schemas/auth';
import { V } from '@app/shared/validation';
import type { Db } from '../db/service.ts';
import type { ProfileItem } from '../lib/auth.ts';
import type { Clock } from '../lib/clock.ts';
import { DUMMY_PASSWORD_HASH, hashPassword, newId, sha256, verifyPassword } from '../lib/crypto.ts';
import { AppError, fieldError } from '../lib/errors.ts';
import { readCampaign } from './catalog/catalogue.ts';
import { accountExistsMail, codeMail, type Mailer } from './mail.ts';
import { takeSlot } from './rate-limit.ts';
import type { ConnectionSender } from './realtime.ts';
import { endAllSessions, startSession } from './sessions.ts';
import { allowCodeMail, checkCode, issueCode } from './verification-codes.ts';

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

/**
 * Answers every address the same way (no account probing): a new address gets a code, an address
 * that already has an account gets a mail saying so. Both count against the address's mail limit.
 */
export async function startRegistration(deps: AccountDeps, email: string, roleId: number, lang: Language) {
  const allowance = await allowCodeMail(deps.db, deps.clock, 'register', email);
  if (await profileByClaim(deps.db, 'email', email)) {
    await deps.mailer.send(accountExistsMail(lang, email));
    return;
  }
  const code = await issueCode(deps.db, deps.clock, allowance, { roleId });
  await deps.mailer.send(codeMail('register', lang, email, code));
}

/** What the creator agreed to and gave at registration (stored on the profile). */
export interface RegistrationConsent {
  /** The creator terms' version agreed to (the operator's terms effective date, lib/env.ts). */
  termsVersion: string;
  /** A campaign code as typed (normalized by the request schema); absent or '' when none. */
  campaignCode?: string | undefined;
}

/**
 * Creates the account once the code is right, with the creator terms' version and the time of
 * consent, and the campaign code while its campaign runs. The code is looked up in the catalogue
 * (the table, read consistently: an operator's 'end now' counts at once): unknown or ended is
 * refused here, before the code is checked, so the creator can register again without it.
 */
export async function completeRegistration(
  deps: AccountDeps,
  email: string,
  code: string,
  password: string,
  consent: RegistrationConsent,
): Promise<TokenResponse> {
  const { db, clock } = deps;
  const campaignCode = consent.campaignCode || undefined;
  if (campaignCode !== undefined) {
    const campaign = await readCampaign(db, campaignCode, true);
    if (!campaign) throw fieldError('campaign_code', V.campaignCode);
    if (!campaignRuns(campaign, clock.now())) throw fieldError('campaign_code', V.campaignEnded);
  }
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
          ...(campaignCode ? { campaignCode } : {}),
          termsVersion: consent.termsVersion,
          termsAgreedAt: now,
          createdAt: now,
          updatedAt: now,
        })
        .commit(),
      // Of concurrent right answers only one creates the account.
      verification
        .delete({ purpose: 'register', email })
        .where((attr, op) => op.eq(attr.codeHash, record.codeHash))
        .commit(),
    ])
    .go();
  // The code was used meanwhile (or the address got its account another way): the code is spent.
  if (result.canceled) throw new AppError('code_invalid', 'registration conflicted');
  return { ...(await startSession(deps, { profileId, roleId })), is_new: true };
}

function assertActive(profile: ProfileItem) {
  if (profile.status === 'suspended') throw new AppError('account_suspended');
}

/**
 * Every password check takes a slot of the account's failure limit first (keyed by the profile,
 * or by the login name when there is none, which answers the same); a right password gives it
 * back. So at most `loginFailures.limit` wrong passwords per window are checked, however many
 * arrive at once, and past the limit even the right password waits.
 */
async function passwordLogin(
  deps: AccountDeps,
  loginName: string,
  profile: ProfileItem | undefined,
  password: string,
) {
  // The profile id is hashed so that the counter, like the login, is no item of the profile.
  const key = profile ? `profile:${sha256(profile.profileId)}` : `name:${loginName}`;
  const slot = await takeSlot(deps.db, deps.clock, 'login', key, businessConfig.auth.throttle.loginFailures);
  const ok = await verifyPassword(password, profile?.passwordHash ?? DUMMY_PASSWORD_HASH);
  // Admins sign in only with their second factor (services/admin/auth.ts): here they are unknown.
  if (!profile?.passwordHash || !ok || profile.roleId === ROLE.ADMIN)
    throw new AppError('invalid_credentials');
  await slot.release();
  assertActive(profile);
  const tokens = await startSession(deps, profile);
  // A cast at its first login (or after a reset): the site asks for a new password first.
  return profile.passwordChangeRequired ? { ...tokens, password_change_required: true } : tokens;
}

export async function login(deps: AccountDeps, email: string, password: string) {
  return passwordLogin(deps, `email:${email}`, await profileByClaim(deps.db, 'email', email), password);
}

/** Username and password: casts created by an organization, or any profile that set a password. */
export async function loginWithUsername(deps: AccountDeps, username: string, password: string) {
  const name = username.toLowerCase();
  return passwordLogin(deps, `username:${name}`, await profileByClaim(deps.db, 'username', name), password);
}

/**
 * Sends a reset code when the address has an account; answers the same either way (no account
 * probing), the mail limit included: it is taken before the look-up.
 */
export async function startPasswordReset(deps: AccountDeps, email: string, lang: Language) {
  const allowance = await allowCodeMail(deps.db, deps.clock, 'reset', email);
  const profile = await profileByClaim(deps.db, 'email', email);
  // Admins' passwords are reset by the operations script, never by mail.
  if (!profile || profile.roleId === ROLE.ADMIN) return;
  const code = await issueCode(deps.db, deps.clock, allowance, { profileId: profile.profileId });
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
  const passwordHash = await hashPassword(password);
  // The new password and the spent code in one transaction: of concurrent right answers one wins.
  const result = await db.transaction
    .write(({ profile: p, verification }) => [
      p
        .patch({ profileId: profile.profileId })
        .set({ passwordHash, updatedAt: clock.now().toISOString() })
        .commit(),
      verification
        .delete({ purpose: 'reset', email })
        .where((attr, op) => op.eq(attr.codeHash, record.codeHash))
        .commit(),
    ])
    .go();
  if (result.canceled) throw new AppError('code_invalid', 'the code was used meanwhile');
  await endAllSessions(deps, profile.profileId);
}

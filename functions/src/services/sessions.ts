/**
 * Sign-in sessions: a 1-hour access token and a 30-day refresh token, rotated on every use. An
 * admin's (role 3) are short: a 15-minute access token, and the session ends 8 hours after its
 * login however often it is refreshed (`businessConfig.admin`).
 * A session is one refresh-token family; its access tokens name it (claim `sid`) and every call
 * checks it (lib/auth.ts), so ending a session ends its access tokens and closes its sockets at once.
 * A refresh token that comes back after it was used revokes its whole family (theft detection),
 * unless it comes back within `auth.refreshReuseGraceSeconds` of its use: then it gets another
 * new pair of the family (a page that navigated away during its refresh lost the first answer).
 */
import { businessConfig } from '@app/shared/config';
import { ROLE } from '@app/shared/roles';
import type { TokenResponse } from '@app/shared/schemas/auth';
import { isConditionFailure } from '../db/errors.ts';
import { ttlAt } from '../db/keys.ts';
import type { Db } from '../db/service.ts';
import { type ProfileItem, SESSION_CLAIM, sessionIsOpen } from '../lib/auth.ts';
import type { Clock } from '../lib/clock.ts';
import { newId, randomToken, sha256 } from '../lib/crypto.ts';
import { AppError } from '../lib/errors.ts';
import { signToken } from '../lib/tokens.ts';
import type { ExtraItems } from './points/ledger.ts';
import { type ConnectionSender, closeSessionSockets } from './realtime.ts';

const A = businessConfig.auth;
const DAY = 24 * 3600 * 1000;
const isAdmin = (roleId: number) => roleId === ROLE.ADMIN;

/** When a refresh token issued now expires: 30 days on, or an admin session's fixed end. */
function refreshExpiry(roleId: number, sessionStartedAt: Date, now: Date): Date {
  if (isAdmin(roleId))
    return new Date(sessionStartedAt.getTime() + businessConfig.admin.sessionHours * 3600 * 1000);
  return new Date(now.getTime() + A.refreshTokenDays * DAY);
}

export interface SessionDeps {
  db: Db;
  clock: Clock;
  authSecret: string;
}

/** What ending sessions needs: the table, the clock, and the @connections API to close sockets. */
export interface EndSessionDeps {
  db: Db;
  clock: Clock;
  sockets: ConnectionSender;
}

async function accessTokenFor(
  deps: SessionDeps,
  profile: Pick<ProfileItem, 'profileId' | 'roleId'>,
  familyId: string,
) {
  return signToken(
    deps.authSecret,
    'access',
    { role_id: profile.roleId, [SESSION_CLAIM]: familyId },
    profile.profileId,
    deps.clock.now(),
    isAdmin(profile.roleId) ? businessConfig.admin.accessTokenSeconds : A.accessTokenSeconds,
  );
}

function newRefreshToken(deps: SessionDeps, familyId: string, expiresAt: Date) {
  const now = deps.clock.now();
  const token = randomToken();
  return {
    token,
    expiresAt,
    item: {
      tokenHash: sha256(token),
      familyId,
      createdAt: now.toISOString(),
      expiresAt: expiresAt.toISOString(),
      ttl: ttlAt(expiresAt),
    },
  };
}

/** A new session (new token family) for a profile that just proved who it is. */
export async function startSession(
  deps: SessionDeps,
  profile: Pick<ProfileItem, 'profileId' | 'roleId'>,
): Promise<TokenResponse> {
  const now = deps.clock.now();
  const familyId = newId();
  const refresh = newRefreshToken(deps, familyId, refreshExpiry(profile.roleId, now, now));
  const result = await deps.db.transaction
    .write(({ tokenFamily, refreshToken }) => [
      tokenFamily
        .create({
          familyId,
          profileId: profile.profileId,
          revoked: false,
          createdAt: now.toISOString(),
          ttl: ttlAt(refresh.expiresAt),
        })
        .commit(),
      refreshToken.create(refresh.item).commit(),
    ])
    .go();
  if (result.canceled) throw new Error('could not store the new session');
  return {
    access_token: await accessTokenFor(deps, profile, familyId),
    refresh_token: refresh.token,
    refresh_token_expires_at: refresh.expiresAt.toISOString(),
    profile_id: profile.profileId,
    role_id: profile.roleId,
  };
}

/** Marks a family revoked (a missing family is already over). */
async function revokeFamily(db: Db, familyId: string): Promise<void> {
  await db.entities.tokenFamily
    .patch({ familyId })
    .set({ revoked: true })
    .go()
    .catch((error: unknown) => {
      if (!isConditionFailure(error)) throw error;
    });
}

/** Ends one session: its refresh tokens and access tokens stop working and its sockets close. */
export async function endFamily(
  deps: EndSessionDeps,
  session: { profileId: string; familyId: string },
): Promise<void> {
  await revokeFamily(deps.db, session.familyId);
  await closeSessionSockets(deps.sockets, deps.db, session.profileId, session.familyId);
}

/** Used at most the grace period before `now` (a clock moved back counts as just used). */
function withinReuseGrace(usedAt: string, now: Date): boolean {
  return now.getTime() - Date.parse(usedAt) <= A.refreshReuseGraceSeconds * 1000;
}

/**
 * Exchanges a refresh token for a new pair. The old token can never be used again, but within the
 * grace period after its use (see the header).
 */
export async function rotateSession(
  deps: SessionDeps & EndSessionDeps,
  token: string,
  raced = false,
): Promise<TokenResponse> {
  const { db, clock } = deps;
  const now = clock.now();
  const { data: stored } = await db.entities.refreshToken.get({ tokenHash: sha256(token) }).go();
  if (!stored) throw new AppError('refresh_invalid');
  // The token names its family, the family its profile (a legacy token names both).
  const { data: family } = await db.entities.tokenFamily.get({ familyId: stored.familyId }).go();
  const profileId = family?.profileId ?? stored.profileId;
  if (!profileId) throw new AppError('refresh_invalid');
  const session = { profileId, familyId: stored.familyId };
  const again = !!stored.usedAt && withinReuseGrace(stored.usedAt, now);
  if (stored.usedAt && !again) {
    await endFamily(deps, session);
    throw new AppError('refresh_reused');
  }
  if (new Date(stored.expiresAt).getTime() <= now.getTime()) throw new AppError('refresh_invalid');
  const { data: profile } = await db.entities.profile.get({ profileId }).go();
  if (!profile) throw new AppError('refresh_invalid');
  if (profile.status === 'suspended') throw new AppError('account_suspended');
  if (!sessionIsOpen(profile, family)) throw new AppError('refresh_invalid');

  const startedAt = family ? new Date(family.createdAt) : now;
  const next = newRefreshToken(deps, stored.familyId, refreshExpiry(profile.roleId, startedAt, now));
  if (next.expiresAt.getTime() <= now.getTime()) throw new AppError('refresh_invalid');
  const result = await db.transaction
    .write(({ refreshToken, tokenFamily }) => [
      // Used again within the grace: the token keeps its first use's time (the grace ends then).
      ...(again
        ? []
        : [
            refreshToken
              .patch({ tokenHash: stored.tokenHash })
              .set({ usedAt: now.toISOString() })
              .where((attr, op) => op.notExists(attr.usedAt))
              .commit(),
          ]),
      tokenFamily
        .check({ familyId: stored.familyId })
        .where((attr, op) => op.eq(attr.revoked, false))
        .commit(),
      refreshToken.create(next.item).commit(),
    ])
    .go();
  if (result.canceled) {
    // Another request used this token between our read and write: read it again once (it is
    // then within its grace); a family revoked meanwhile is refused there.
    if (!raced) return rotateSession(deps, token, true);
    await endFamily(deps, session);
    throw new AppError('refresh_reused');
  }
  return {
    access_token: await accessTokenFor(deps, profile, stored.familyId),
    refresh_token: next.token,
    refresh_token_expires_at: next.expiresAt.toISOString(),
    profile_id: profile.profileId,
    role_id: profile.roleId,
  };
}

/** Ends the session a refresh token belongs to (logout). Unknown tokens are ignored. */
export async function endSession(deps: EndSessionDeps, token: string): Promise<void> {
  const { data } = await deps.db.entities.refreshToken.get({ tokenHash: sha256(token) }).go();
  if (!data) return;
  const { data: family } = await deps.db.entities.tokenFamily.get({ familyId: data.familyId }).go();
  const profileId = family?.profileId ?? data.profileId;
  if (profileId) await endFamily(deps, { profileId, familyId: data.familyId });
}

/**
 * Ends every session of a profile (password reset, suspension, LINE account moved): one write on
 * the profile (`sessionsEndedAt`) ends them all at once, also those the index does not list yet;
 * the families are revoked too and every socket of the profile closes.
 */
export async function endAllSessions(
  deps: EndSessionDeps,
  profileId: string,
  opts: {
    suspend?: boolean;
    /** Suspend only an active account (one of concurrent suspensions wins; the others answer false). */
    onlyIfActive?: boolean;
    /** The caller's items in the suspension's transaction (the operators' report and audit entry). */
    extra?: ExtraItems;
  } = {},
): Promise<boolean> {
  const { db } = deps;
  const now = deps.clock.now().toISOString();
  if (opts.suspend) {
    // Suspending is the same write: the status, the end of the sessions and the creator's exit
    // from the directory never part. Cancelled = the profile is gone (left): nothing to end.
    const result = await db.transaction
      .write((tx) => [
        tx.profile
          .patch({ profileId })
          .set({ sessionsEndedAt: now, status: 'suspended' as const, updatedAt: now })
          .where((a, op) => (opts.onlyIfActive ? op.eq(a.status, 'active') : ''))
          .commit(),
        tx.searchDoc.delete({ profileId }).commit(),
        ...(opts.extra ? opts.extra(tx) : []),
      ])
      .go();
    if (result.canceled && (opts.onlyIfActive || opts.extra)) return false;
  } else {
    await db.entities.profile
      .patch({ profileId })
      .set({ sessionsEndedAt: now })
      .go()
      .catch((error: unknown) => {
        // A profile that is gone (left) has no session left to end.
        if (!isConditionFailure(error)) throw error;
      });
  }
  const families = await sessionFamiliesOf(db, profileId);
  await Promise.all(families.map((familyId) => revokeFamily(db, familyId)));
  await closeSessionSockets(deps.sockets, db, profileId);
  return true;
}

/**
 * The ids of a profile's sessions (token families): gsi1 `sessions#<profileId>`, plus those
 * found through the legacy index of refresh tokens (sessions begun before families were listed;
 * see refresh-token.ts).
 */
export async function sessionFamiliesOf(db: Db, profileId: string): Promise<string[]> {
  const [families, legacy] = await Promise.all([
    db.entities.tokenFamily.query.byProfile({ profileId }).go({ pages: 'all' }),
    db.entities.legacyRefreshToken.query.byProfile({ profileId }).go({ pages: 'all', ignoreOwnership: true }),
  ]);
  return [...new Set([...families.data, ...legacy.data].map((f) => f.familyId))];
}

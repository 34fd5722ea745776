/**
 * Sign-in sessions: a 1-hour access token and a 30-day refresh token, rotated on every use.
 * A refresh token that comes back after it was used revokes its whole family (theft detection).
 */
import { businessConfig } from '@app/shared/config';
import type { TokenResponse } from '@app/shared/schemas/auth';
import { ttlAt } from '../db/keys.ts';
import type { Db } from '../db/service.ts';
import type { ProfileItem } from '../lib/auth.ts';
import type { Clock } from '../lib/clock.ts';
import { newId, randomToken, sha256 } from '../lib/crypto.ts';
import { AppError } from '../lib/errors.ts';
import { signToken } from '../lib/tokens.ts';

const A = businessConfig.auth;
const DAY = 24 * 3600 * 1000;

export interface SessionDeps {
  db: Db;
  clock: Clock;
  authSecret: string;
}

async function accessTokenFor(deps: SessionDeps, profile: Pick<ProfileItem, 'profileId' | 'roleId'>) {
  return signToken(
    deps.authSecret,
    'access',
    { role_id: profile.roleId },
    profile.profileId,
    deps.clock.now(),
    A.accessTokenSeconds,
  );
}

function newRefreshToken(deps: SessionDeps, profileId: string, familyId: string) {
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + A.refreshTokenDays * DAY);
  const token = randomToken();
  return {
    token,
    expiresAt,
    item: {
      tokenHash: sha256(token),
      profileId,
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
  const refresh = newRefreshToken(deps, profile.profileId, familyId);
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
    access_token: await accessTokenFor(deps, profile),
    refresh_token: refresh.token,
    refresh_token_expires_at: refresh.expiresAt.toISOString(),
    profile_id: profile.profileId,
    role_id: profile.roleId,
  };
}

export async function revokeFamily(db: Db, familyId: string): Promise<void> {
  await db.entities.tokenFamily
    .patch({ familyId })
    .set({ revoked: true })
    .go()
    .catch(() => undefined);
}

/** Exchanges a refresh token for a new pair. The old token can never be used again. */
export async function rotateSession(deps: SessionDeps, token: string): Promise<TokenResponse> {
  const { db, clock } = deps;
  const now = clock.now();
  const { data: stored } = await db.entities.refreshToken.get({ tokenHash: sha256(token) }).go();
  if (!stored) throw new AppError('refresh_invalid');
  if (stored.usedAt) {
    await revokeFamily(db, stored.familyId);
    throw new AppError('refresh_reused');
  }
  if (new Date(stored.expiresAt).getTime() <= now.getTime()) throw new AppError('refresh_invalid');
  const { data: family } = await db.entities.tokenFamily.get({ familyId: stored.familyId }).go();
  if (!family || family.revoked) throw new AppError('refresh_invalid');
  const { data: profile } = await db.entities.profile.get({ profileId: stored.profileId }).go();
  if (!profile) throw new AppError('refresh_invalid');
  if (profile.status === 'suspended') throw new AppError('account_suspended');

  const next = newRefreshToken(deps, stored.profileId, stored.familyId);
  const result = await db.transaction
    .write(({ refreshToken, tokenFamily }) => [
      refreshToken
        .patch({ tokenHash: stored.tokenHash })
        .set({ usedAt: now.toISOString() })
        .where((attr, op) => op.notExists(attr.usedAt))
        .commit(),
      tokenFamily
        .check({ familyId: stored.familyId })
        .where((attr, op) => op.eq(attr.revoked, false))
        .commit(),
      refreshToken.create(next.item).commit(),
    ])
    .go();
  if (result.canceled) {
    // Another request used this token between our read and write: treat as reuse.
    await revokeFamily(db, stored.familyId);
    throw new AppError('refresh_reused');
  }
  return {
    access_token: await accessTokenFor(deps, profile),
    refresh_token: next.token,
    refresh_token_expires_at: next.expiresAt.toISOString(),
    profile_id: profile.profileId,
    role_id: profile.roleId,
  };
}

/** Ends the session a refresh token belongs to (logout). Unknown tokens are ignored. */
export async function endSession(db: Db, token: string): Promise<void> {
  const { data } = await db.entities.refreshToken.get({ tokenHash: sha256(token) }).go();
  if (data) await revokeFamily(db, data.familyId);
}

/** Ends every session of a profile (password reset, LINE account moved). */
export async function endAllSessions(db: Db, profileId: string): Promise<void> {
  const { data } = await db.entities.refreshToken.query.byProfile({ profileId }).go({ pages: 'all' });
  const families = new Set(data.map((t) => t.familyId));
  await Promise.all([...families].map((familyId) => revokeFamily(db, familyId)));
}

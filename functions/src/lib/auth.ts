import type { ErrorCode } from '@app/shared/errors';
import type { RoleId } from '@app/shared/roles';
/**
 * Who is calling: the bearer access token, checked against the route's access, the stored profile
 * and the token's session (its refresh-token family), so that ending a session ends its access
 * tokens at once. The same rule serves the WebSocket $connect and the socket heartbeat.
 */
import type { EntityItem } from 'electrodb';
import type { Profile } from '../db/entities/profile.ts';
import type { TokenFamily } from '../db/entities/refresh-token.ts';
import { type Db, getDb } from '../db/service.ts';
import type { Access } from '../manifest.ts';
import { admittedRoles } from './access.ts';
import type { Clock } from './clock.ts';
import { AppError } from './errors.ts';
import { secrets } from './secrets.ts';
import { verifyToken } from './tokens.ts';

export type ProfileItem = EntityItem<typeof Profile>;
export type TokenFamilyItem = EntityItem<typeof TokenFamily>;

export interface Caller {
  profileId: string;
  roleId: number;
  profile: ProfileItem;
  /** The session (refresh-token family) the access token belongs to. */
  sessionId: string;
}

/** The access-token claim that names the session (the refresh-token family id). */
export const SESSION_CLAIM = 'sid';

function bearer(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match?.[1];
}

export async function authenticate(
  authorization: string | undefined,
  access: Access,
  clock: Clock,
  refusal: ErrorCode = 'forbidden',
  /** The route answers a cast whose password change is pending (manifest `beforePasswordChange`). */
  beforePasswordChange = false,
): Promise<Caller | null> {
  if (access === 'guest') return null;
  const token = bearer(authorization);
  if (!token) {
    if (access === 'optional') return null;
    throw new AppError('no_token');
  }
  try {
    const caller = await callerOf(token, clock);
    const roles = admittedRoles(access);
    if (roles && !roles.includes(caller.roleId as RoleId)) {
      // An optional route has no viewer but a member: an operator's token reads as none.
      if (access === 'optional') return null;
      throw new AppError(refusal);
    }
    if (caller.profile.passwordChangeRequired && !beforePasswordChange)
      throw new AppError('password_change_required');
    return caller;
  } catch (error) {
    if (access === 'optional' && error instanceof AppError && error.status === 401) return null;
    throw error;
  }
}

/**
 * Whether a session is still open: its family exists (leaving deletes it), is not revoked
 * (logout, reuse of a refresh token) and began after the profile's sessions were last all ended
 * (password reset, suspension, LINE account moved).
 */
export function sessionIsOpen(
  profile: Pick<ProfileItem, 'profileId' | 'sessionsEndedAt'>,
  family: TokenFamilyItem | null | undefined,
): boolean {
  if (!family || family.revoked || family.profileId !== profile.profileId) return false;
  return !profile.sessionsEndedAt || family.createdAt >= profile.sessionsEndedAt;
}

/**
 * The profile and the session, read together (two small GetItems in parallel, eventually
 * consistent like the profile read always was: half a read unit more per call; an ended session
 * is refused from the write on, give or take DynamoDB's sub-second replication), checked with
 * `sessionIsOpen`. Refusals: `invalid_token` (no such profile or session ended),
 * `account_suspended`.
 */
export async function openSession(db: Db, profileId: string, sessionId: string): Promise<ProfileItem> {
  const [{ data: profile }, { data: family }] = await Promise.all([
    db.entities.profile.get({ profileId }).go(),
    db.entities.tokenFamily.get({ familyId: sessionId }).go(),
  ]);
  if (!profile) throw new AppError('invalid_token');
  if (profile.status === 'suspended') throw new AppError('account_suspended');
  if (!sessionIsOpen(profile, family)) throw new AppError('invalid_token');
  return profile;
}

/** Verifies an access token and its session; the caller it stands for. */
export async function callerOf(token: string, clock: Clock, db: Db = getDb()): Promise<Caller> {
  const { AUTH_SECRET } = await secrets();
  const { sub, claims } = await verifyToken(AUTH_SECRET, 'access', token, clock.now());
  const sessionId = claims[SESSION_CLAIM];
  // Tokens from before sessions were named cannot be ended: the client refreshes them.
  if (typeof sessionId !== 'string' || !sessionId) throw new AppError('invalid_token');
  const profile = await openSession(db, sub, sessionId);
  return { profileId: profile.profileId, roleId: profile.roleId, profile, sessionId };
}

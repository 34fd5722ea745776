import type { ErrorCode } from '@app/shared/errors';
/** Who is calling: the bearer access token, checked against the route's access and the stored profile. */
import type { EntityItem } from 'electrodb';
import type { Profile } from '../db/entities/profile.ts';
import { getDb } from '../db/service.ts';
import type { Access } from '../manifest.ts';
import type { Clock } from './clock.ts';
import { AppError } from './errors.ts';
import { secrets } from './secrets.ts';
import { verifyToken } from './tokens.ts';

export type ProfileItem = EntityItem<typeof Profile>;

export interface Caller {
  profileId: string;
  roleId: number;
  profile: ProfileItem;
}

function bearer(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match?.[1];
}

export async function authenticate(
  authorization: string | undefined,
  access: Access,
  clock: Clock,
  refusal: ErrorCode = 'forbidden',
): Promise<Caller | null> {
  if (access === 'guest') return null;
  const token = bearer(authorization);
  if (!token) {
    if (access === 'optional') return null;
    throw new AppError('no_token');
  }
  try {
    const caller = await callerOf(token, clock);
    if (Array.isArray(access) && !access.includes(caller.roleId)) throw new AppError(refusal);
    return caller;
  } catch (error) {
    if (access === 'optional' && error instanceof AppError && error.status === 401) return null;
    throw error;
  }
}

async function callerOf(token: string, clock: Clock): Promise<Caller> {
  const { AUTH_SECRET } = await secrets();
  const { sub } = await verifyToken(AUTH_SECRET, 'access', token, clock.now());
  const { data: profile } = await getDb().entities.profile.get({ profileId: sub }).go();
  if (!profile) throw new AppError('invalid_token');
  if (profile.status === 'suspended') throw new AppError('account_suspended');
  return { profileId: profile.profileId, roleId: profile.roleId, profile };
}

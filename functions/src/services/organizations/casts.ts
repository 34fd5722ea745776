/**
 * An approved organization's casts (issue 16): create (nickname, username, first password),
 * list with this and last JST month's sales, reset the password, suspend, resume, remove.
 * Every action reads the cast through `castOf`, which checks the cast's own `organizationId`
 * against the caller's organization: another organization's cast answers 'cast_not_found', as a
 * cast that does not exist.
 *
 * A cast is a creator (role 2) whose profile names its organization; it logs in with username
 * and password (`/creator/login/cast`) and must choose its own password first
 * (`passwordChangeRequired`, enforced for every route in lib/auth.ts and on the socket).
 */
import { businessConfig } from '@app/shared/config';
import { errorCatalog } from '@app/shared/errors';
import { managesCasts } from '@app/shared/organizations';
import { ROLE } from '@app/shared/roles';
import type {
  CastCreateRequest,
  CastListResponse,
  CastView,
  SalesFigures,
} from '@app/shared/schemas/organizations';
import { jstMonth } from '@app/shared/time';
import { V } from '@app/shared/validation';
import { isConditionFailure } from '../../db/errors.ts';
import type { Db } from '../../db/service.ts';
import type { ProfileItem } from '../../lib/auth.ts';
import type { Clock } from '../../lib/clock.ts';
import { DUMMY_PASSWORD_HASH, hashPassword, newId, verifyPassword } from '../../lib/crypto.ts';
import { AppError, fieldError } from '../../lib/errors.ts';
import type { MediaStore } from '../../lib/media-store.ts';
import { resumeAccount, suspendAccount } from '../account-status.ts';
import { shiftMonth } from '../business/incomes.ts';
import { deleteProfileData, type LeaveDeps } from '../leave.ts';
import { deleteProfilePictures } from '../media/cleanup.ts';
import { profilesById } from '../profiles.ts';
import { type EndSessionDeps, endAllSessions } from '../sessions.ts';
import { mediaUrl, thumbKey } from '../social/cards.ts';
import { directoryCommits } from '../social/directory.ts';
import { readOrganization } from './registration.ts';
import { castSalesOfMonth } from './sales.ts';

export interface CastDeps extends EndSessionDeps {
  db: Db;
  clock: Clock;
}

export interface CastRemovalDeps extends CastDeps, LeaveDeps {
  media: MediaStore;
}

const CASTS_MAX: number = businessConfig.organizations.castsMax;
const ZERO: SalesFigures = { revenue: 0, income: 0, count: 0 };

/** The caller's organization, which must be approved to manage casts. */
async function approvedOrganization(db: Db, owner: ProfileItem) {
  const org = await readOrganization(db, owner.profileId);
  if (!org) throw new AppError('organization_not_found');
  if (!managesCasts(org.status)) throw new AppError('organization_not_approved');
  return org;
}

/**
 * The cast `castId` of the owner's organization: its membership item and its own profile must
 * both name the organization. Anything else (another organization's cast, a fan, an unknown id)
 * is 'cast_not_found'.
 */
export async function castOf(db: Db, owner: ProfileItem, castId: string) {
  const organizationId = owner.profileId;
  const [{ data: member }, { data: cast }] = await Promise.all([
    db.entities.orgCast.get({ organizationId, castId }).go({ consistent: true }),
    db.entities.profile.get({ profileId: castId }).go({ consistent: true }),
  ]);
  if (!member || !cast || cast.organizationId !== organizationId || cast.roleId !== ROLE.CREATOR)
    throw new AppError('cast_not_found');
  return { cast, member };
}

function castView(
  cast: ProfileItem,
  createdAt: string,
  sales: { thisMonth?: SalesFigures; lastMonth?: SalesFigures },
): CastView {
  return {
    id: cast.profileId,
    nickname: cast.nickname ?? '',
    username: cast.username ?? '',
    profile_image: mediaUrl(thumbKey(cast.profileImage)),
    status: cast.status,
    password_change_required: cast.passwordChangeRequired === true,
    created_at: createdAt,
    this_month: sales.thisMonth ?? ZERO,
    last_month: sales.lastMonth ?? ZERO,
  };
}

export async function createCast(
  deps: CastDeps,
  owner: ProfileItem,
  input: Pick<CastCreateRequest, 'nickname' | 'username' | 'password'>,
): Promise<{ cast: CastView }> {
  const { db, clock } = deps;
  const org = await approvedOrganization(db, owner);
  if (org.castCount >= CASTS_MAX) throw new AppError('cast_limit').with({ max: CASTS_MAX });
  const castId = newId();
  const now = clock.now().toISOString();
  const username = input.username;
  const profile = {
    profileId: castId,
    roleId: ROLE.CREATOR,
    status: 'active' as const,
    username,
    nickname: input.nickname,
    passwordHash: await hashPassword(input.password),
    passwordChangeRequired: true,
    organizationId: org.organizationId,
    // The owner gave what a sign-up asks of a creator; bank details are the organization's.
    step: 3,
    finalStep: 3,
    bankSkipped: true,
    createdAt: now,
    updatedAt: now,
  };
  const result = await db.transaction
    .write(({ uniqueClaim, profile: p, orgCast, organization, searchDoc }) => [
      uniqueClaim.create({ kind: 'username', value: username.toLowerCase(), profileId: castId }).commit(),
      p.create(profile).commit(),
      orgCast.create({ organizationId: org.organizationId, castId, createdAt: now }).commit(),
      // The place is taken in the same write: of concurrent creates at the limit, one fits.
      organization
        .patch({ organizationId: org.organizationId })
        .add({ castCount: 1 })
        .where((a, op) => `${op.lt(a.castCount, CASTS_MAX)} AND ${op.eq(a.status, 'approved')}`)
        .commit(),
      ...directoryCommits({ searchDoc }, { ...profile, area: 0 } as ProfileItem, now),
    ])
    .go();
  if (result.canceled) {
    const failed = (i: number) =>
      (result.data[i] as { code?: string } | undefined)?.code === 'ConditionalCheckFailed';
    if (failed(0)) throw fieldError('username', errorCatalog.username_taken.key);
    if (failed(3)) {
      const now2 = await readOrganization(db, org.organizationId);
      if (now2 && managesCasts(now2.status)) throw new AppError('cast_limit').with({ max: CASTS_MAX });
      throw new AppError('organization_not_approved');
    }
    throw new AppError('too_many_requests', 'cast creation conflicted');
  }
  return { cast: castView(profile as ProfileItem, now, {}) };
}

/** The organization's casts, newest first, with this and last JST month's sales. */
export async function listCasts(
  deps: { db: Db; clock: Clock },
  owner: ProfileItem,
): Promise<CastListResponse> {
  const { db } = deps;
  const org = await readOrganization(db, owner.profileId);
  if (!org) throw new AppError('organization_not_found');
  const thisMonth = jstMonth(deps.clock.now());
  const lastMonth = shiftMonth(thisMonth, -1);
  const [{ data: members }, salesNow, salesBefore] = await Promise.all([
    db.entities.orgCast.query.byOrganization({ organizationId: org.organizationId }).go({ pages: 'all' }),
    castSalesOfMonth(db, org.organizationId, thisMonth),
    castSalesOfMonth(db, org.organizationId, lastMonth),
  ]);
  const profiles = await profilesById(
    db,
    members.map((m) => m.castId),
  );
  const casts = members
    .flatMap((m) => {
      const cast = profiles.get(m.castId);
      // A removal cut short (profile gone, membership left) is not listed.
      if (!cast) return [];
      return [
        castView(cast, m.createdAt, {
          thisMonth: salesNow.get(m.castId),
          lastMonth: salesBefore.get(m.castId),
        }),
      ];
    })
    .sort((a, b) => b.created_at.localeCompare(a.created_at));
  return { this_month: thisMonth, last_month: lastMonth, casts };
}

/** A new first password from the owner: the cast's sessions end and it chooses its own at the next login. */
export async function resetCastPassword(
  deps: CastDeps,
  owner: ProfileItem,
  castId: string,
  password: string,
): Promise<{ cast: CastView }> {
  await approvedOrganization(deps.db, owner);
  await castOf(deps.db, owner, castId);
  const now = deps.clock.now().toISOString();
  await deps.db.entities.profile
    .patch({ profileId: castId })
    .set({ passwordHash: await hashPassword(password), passwordChangeRequired: true, updatedAt: now })
    .go();
  await endAllSessions(deps, castId);
  return castResponse(deps, owner, castId);
}

/** Suspends a cast: every session and socket ends at once, and it leaves search and discovery. */
export async function suspendCast(deps: CastDeps, owner: ProfileItem, castId: string) {
  await approvedOrganization(deps.db, owner);
  await castOf(deps.db, owner, castId);
  await suspendAccount(deps, castId);
  return castResponse(deps, owner, castId);
}

export async function resumeCast(deps: CastDeps, owner: ProfileItem, castId: string) {
  await approvedOrganization(deps.db, owner);
  await castOf(deps.db, owner, castId);
  await resumeAccount(deps, castId);
  return castResponse(deps, owner, castId);
}

/** One cast as the list shows it, after an action. */
async function castResponse(deps: { db: Db; clock: Clock }, owner: ProfileItem, castId: string) {
  const organizationId = owner.profileId;
  const thisMonth = jstMonth(deps.clock.now());
  const [{ cast, member }, salesNow, salesBefore] = await Promise.all([
    castOf(deps.db, owner, castId),
    castSalesOfMonth(deps.db, organizationId, thisMonth),
    castSalesOfMonth(deps.db, organizationId, shiftMonth(thisMonth, -1)),
  ]);
  return {
    cast: castView(cast, member.createdAt, {
      thisMonth: salesNow.get(castId),
      lastMonth: salesBefore.get(castId),
    }),
  };
}

/**
 * Removes a cast: the account leaves the product (its data and pictures are deleted, its sessions
 * and sockets end), then its place in the organization is given back. Its sales stay in the
 * organization's income. A removal cut short after the account went is finished by a retry.
 */
export async function removeCast(deps: CastRemovalDeps, owner: ProfileItem, castId: string) {
  const { db } = deps;
  const organizationId = owner.profileId;
  const { data: member } = await db.entities.orgCast.get({ organizationId, castId }).go({ consistent: true });
  if (!member) throw new AppError('cast_not_found');
  const { data: cast } = await db.entities.profile.get({ profileId: castId }).go({ consistent: true });
  if (cast) {
    if (cast.organizationId !== organizationId) throw new AppError('cast_not_found');
    await deleteProfileData(deps, cast);
    await deleteProfilePictures(deps, cast);
  }
  // Of concurrent removals one gives the place back.
  await db.transaction
    .write(({ orgCast, organization }) => [
      orgCast
        .delete({ organizationId, castId })
        .where((a, op) => op.exists(a.castId))
        .commit(),
      organization.patch({ organizationId }).add({ castCount: -1 }).commit(),
    ])
    .go();
  return { ok: true as const };
}

/**
 * The cast's own new password at its first login (or after a reset): it must differ from the one
 * the owner gave. The flag is cleared in the same write; the session stays open.
 */
export async function chooseCastPassword(
  deps: { db: Db; clock: Clock },
  cast: ProfileItem,
  password: string,
): Promise<{ ok: true }> {
  if (!cast.passwordChangeRequired) throw new AppError('forbidden', 'no password change is pending');
  if (await verifyPassword(password, cast.passwordHash ?? DUMMY_PASSWORD_HASH))
    throw fieldError('password', V.passwordUnchanged);
  const now = deps.clock.now().toISOString();
  try {
    await deps.db.entities.profile
      .patch({ profileId: cast.profileId })
      .set({ passwordHash: await hashPassword(password), passwordChangeRequired: false, updatedAt: now })
      .where((a, op) => op.eq(a.passwordChangeRequired, true))
      .go();
  } catch (error) {
    // Chosen meanwhile (another tab): this one is not applied.
    if (isConditionFailure(error)) throw new AppError('forbidden', 'the password was chosen meanwhile');
    throw error;
  }
  return { ok: true };
}

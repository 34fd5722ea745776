/**
 * The console's users (issue 17): find a person by e-mail, username or profile id (the unique
 * claims), their page (profile summary, role, status, setup, pictures, the reports about them),
 * and the actions: suspend or resume (services/account-status.ts: a suspension ends sessions and
 * sockets at once), warn (a notice), delete the avatar or background (services/profile-images.ts,
 * which raises its notice). Each writes its audit entry in the change's own transaction (an item
 * this service adds to the other service's transaction where that one makes the write).
 */
import { isSetupComplete, ROLE } from '@app/shared/roles';
import type { AdminUserResponse, UserFindResponse } from '@app/shared/schemas/admin-reports';
import { PROFILE_ID_RE } from '@app/shared/validation';
import type { Db } from '../../db/service.ts';
import type { ProfileItem } from '../../lib/auth.ts';
import { AppError } from '../../lib/errors.ts';
import { resumeAccount, suspendAccount } from '../account-status.ts';
import { publicUrl } from '../media/pipeline.ts';
import { type ProfileImageDeps, removeProfileImageByOperator } from '../profile-images.ts';
import type { EndSessionDeps } from '../sessions.ts';
import { auditCommit } from './audit.ts';
import { reportViews, userSummaryOf, warningNotice } from './reports.ts';

export type AdminUserDeps = EndSessionDeps & ProfileImageDeps;

/** Reports listed on a person's page (newest first). */
const REPORTS_SHOWN = 20;

async function profileById(db: Db, profileId: string): Promise<ProfileItem | null> {
  return (await db.entities.profile.get({ profileId }).go({ consistent: true })).data;
}

async function claimed(db: Db, kind: 'email' | 'username', value: string): Promise<string | null> {
  const { data } = await db.entities.uniqueClaim.get({ kind, value }).go();
  return data?.profileId ?? null;
}

/** By e-mail (with @), else by username and by profile id (a value may be both). */
export async function findUsers(deps: { db: Db }, q: string): Promise<UserFindResponse> {
  const value = q.trim();
  const ids = value.includes('@')
    ? [await claimed(deps.db, 'email', value.toLowerCase())]
    : [await claimed(deps.db, 'username', value.toLowerCase()), PROFILE_ID_RE.test(value) ? value : null];
  const unique = [...new Set(ids.filter((id): id is string => id !== null))];
  const found = (await Promise.all(unique.map((id) => profileById(deps.db, id)))).filter(
    (p): p is ProfileItem => p !== null,
  );
  return { users: await Promise.all(found.map((p) => userSummaryOf(deps.db, p.profileId, p))) };
}

export async function getUser(
  deps: { db: Db; siteUrl: string },
  profileId: string,
): Promise<AdminUserResponse> {
  const p = await profileById(deps.db, profileId);
  if (!p) throw new AppError('user_not_found');
  const [summary, reports] = await Promise.all([
    userSummaryOf(deps.db, profileId, p),
    deps.db.entities.report.query
      .byTarget({ targetId: profileId })
      .go({ order: 'desc', limit: REPORTS_SHOWN }),
  ]);
  return {
    user: {
      ...summary,
      email: p.email ?? null,
      setup_complete: isSetupComplete(p.roleId, p.finalStep),
      profile_image: publicUrl(deps.siteUrl, p.profileImage),
      background_image: publicUrl(deps.siteUrl, p.backgroundImage),
      organization_id: p.organizationId ?? null,
    },
    reports: await reportViews(deps.db, reports.data),
  };
}

/** A person the console acts on: exists, and is not an operator (operators are managed by script). */
async function actionable(db: Db, profileId: string): Promise<ProfileItem> {
  const p = await profileById(db, profileId);
  if (!p) throw new AppError('user_not_found');
  if (p.roleId === ROLE.ADMIN) throw new AppError('forbidden', 'operators are not suspended or warned here');
  return p;
}

/** Suspend or resume; one of concurrent calls changes the account and writes the entry. */
export async function setUserStatus(
  deps: AdminUserDeps,
  me: ProfileItem,
  req: { profile_id: string; action: 'suspend' | 'resume' },
): Promise<AdminUserResponse> {
  const p = await actionable(deps.db, req.profile_id);
  const [from, to] =
    req.action === 'suspend' ? (['active', 'suspended'] as const) : (['suspended', 'active'] as const);
  if (p.status === from) {
    const at = deps.clock.now();
    const extra = {
      extra: (tx: Parameters<typeof auditCommit>[0]) => [
        auditCommit(tx, at, {
          actor: me,
          action: req.action === 'suspend' ? 'account.suspend' : 'account.resume',
          targetType: 'account',
          targetId: p.profileId,
          before: { status: from },
          after: { status: to },
        }),
      ],
    };
    await (req.action === 'suspend'
      ? suspendAccount(deps, p.profileId, extra)
      : resumeAccount(deps, p.profileId, extra));
  }
  return getUser(deps, p.profileId);
}

export async function warnUser(
  deps: AdminUserDeps,
  me: ProfileItem,
  req: { profile_id: string; message?: string | undefined },
): Promise<AdminUserResponse> {
  const p = await actionable(deps.db, req.profile_id);
  const at = deps.clock.now();
  const message = req.message || undefined;
  const result = await deps.db.transaction
    .write((tx) => [
      warningNotice(tx, at, p.profileId, message),
      auditCommit(tx, at, {
        actor: me,
        action: 'account.warn',
        targetType: 'account',
        targetId: p.profileId,
        after: { warning: message ?? '' },
      }),
    ])
    .go();
  if (result.canceled) throw new AppError('too_many_requests', 'warning conflicted');
  return getUser(deps, p.profileId);
}

/** Deletes the avatar or background (its notice is raised by the profile service); audited when it removed one. */
export async function deleteUserImage(
  deps: AdminUserDeps,
  me: ProfileItem,
  req: { profile_id: string; kind: 'avatar' | 'background' },
): Promise<AdminUserResponse> {
  const p = await profileById(deps.db, req.profile_id);
  if (!p) throw new AppError('user_not_found');
  const field = req.kind === 'avatar' ? 'profileImage' : 'backgroundImage';
  if (p[field]) {
    // Of concurrent calls only the one that removes the picture writes the entry, keyed by the
    // picture removed (a picture is removed once).
    try {
      await removeProfileImageByOperator(deps, p.profileId, req.kind, (tx, removed) => [
        auditCommit(tx, deps.clock.now(), {
          actor: me,
          action: 'image.delete',
          targetType: 'account',
          targetId: p.profileId,
          before: { [req.kind]: removed },
          after: { [req.kind]: null },
          key: `image.delete#${p.profileId}#${removed}`,
        }),
      ]);
    } catch (error) {
      // Cancelled on every attempt (the picture kept changing): the operator reads again.
      if (error instanceof AppError && error.code === 'too_many_requests')
        throw new AppError('admin_conflict');
      throw error;
    }
  }
  return getUser(deps, p.profileId);
}

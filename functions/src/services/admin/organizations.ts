/**
 * The operators' organization reviews (issue 17): the queue by status (gsi1 `org-status#<status>`,
 * the applications under review oldest first, the decided ones newest first), and approve or
 * reject through the organizations' own review service (issue 16: conditional on status and
 * version, the owner's mail sent once by the write that won), with the audit entry in its
 * transaction.
 */

import type { OrganizationStatus } from '@app/shared/organizations';
import { ADMIN_PAGE_SIZE, type AuditAction } from '@app/shared/schemas/admin';
import type { AdminOrganizationPage, AdminOrganizationView } from '@app/shared/schemas/admin-review';
import type { Db } from '../../db/service.ts';
import type { ProfileItem } from '../../lib/auth.ts';
import { AppError } from '../../lib/errors.ts';
import { organizationView, readOrganization } from '../organizations/registration.ts';
import { type ReviewDecision, type ReviewDeps, reviewOrganization } from '../organizations/review.ts';
import { profilesById } from '../profiles.ts';
import { auditCommit } from './audit.ts';

type OrganizationItem = NonNullable<Awaited<ReturnType<typeof readOrganization>>>;

/** The reason of the organization's last rejection by an operator (it left the record on reapplying). */
async function lastRejectReason(db: Db, organizationId: string): Promise<string | null> {
  const { data } = await db.entities.audit.query
    .byTarget({ targetId: organizationId })
    .where((a, op) => op.eq(a.action, 'organization.reject'))
    .go({ order: 'desc', limit: 20 });
  const after = data[0]?.after as { reject_reason?: unknown } | null | undefined;
  return typeof after?.reject_reason === 'string' ? after.reject_reason : null;
}

async function adminViews(db: Db, orgs: OrganizationItem[]): Promise<AdminOrganizationView[]> {
  const owners = await profilesById(
    db,
    orgs.map((o) => o.organizationId),
  );
  return Promise.all(
    orgs.map(async (o) => {
      const owner = owners.get(o.organizationId);
      const view = organizationView(o);
      const earlier =
        view.reject_reason === null && o.status === 'review' && o.reviewedAt
          ? await lastRejectReason(db, o.organizationId)
          : null;
      return {
        id: view.id,
        version: o.version,
        name: view.name,
        category: view.category,
        address: view.address,
        logo_url: view.logo_url,
        is_public: view.is_public,
        status: view.status,
        reject_reason: view.reject_reason ?? earlier,
        submitted_at: view.submitted_at,
        reviewed_at: view.reviewed_at,
        owner: { id: o.organizationId, nickname: owner?.nickname ?? null, email: owner?.email ?? null },
      };
    }),
  );
}

/** `GET /admin/organizations?status=`: under review oldest first; approved or rejected newest first. */
export async function listOrganizations(
  deps: { db: Db },
  status: OrganizationStatus = 'review',
  cursor: string | undefined,
): Promise<AdminOrganizationPage> {
  const page = await deps.db.entities.organization.query.byStatus({ status }).go({
    order: status === 'review' ? 'asc' : 'desc',
    limit: ADMIN_PAGE_SIZE,
    ...(cursor ? { cursor } : {}),
  });
  return { organizations: await adminViews(deps.db, page.data), next_cursor: page.cursor ?? null };
}

/**
 * Approves or rejects the application as the operator saw it (`version`). Another operator's
 * decision or the owner's edit since (read here or inside the review's conditional write) is 409
 * `admin_conflict`: one decision wins, one mail goes. The audit entry is an item of the decision's
 * transaction, keyed by the action, the application and the version decided on.
 */
export async function decideOrganization(
  deps: ReviewDeps,
  operator: ProfileItem,
  input: { organization_id: string; version: number },
  decision: ReviewDecision,
): Promise<{ organization: AdminOrganizationView }> {
  const org = await readOrganization(deps.db, input.organization_id);
  if (!org) throw new AppError('organization_not_found');
  if (org.version !== input.version) throw new AppError('admin_conflict');
  if (org.status !== 'review') throw new AppError('organization_state');
  const action: AuditAction = decision.approve ? 'organization.approve' : 'organization.reject';
  const after = decision.approve
    ? { status: 'approved' }
    : { status: 'rejected', reject_reason: decision.reason.trim() };
  try {
    await reviewOrganization(deps, org.organizationId, decision, operator.profileId, {
      version: input.version,
      extra: (tx, read) => [
        auditCommit(tx, deps.clock.now(), {
          actor: operator,
          action,
          targetType: 'organization',
          targetId: read.organizationId,
          before: { status: read.status },
          after,
          key: `${action}#${read.organizationId}#${read.version}`,
        }),
      ],
    });
  } catch (error) {
    // The version matched at our read: whoever changed it since did so at the same time.
    if (
      error instanceof AppError &&
      (error.code === 'organization_conflict' || error.code === 'organization_state')
    )
      throw new AppError('admin_conflict');
    throw error;
  }
  const decided = await readOrganization(deps.db, org.organizationId);
  const [view] = await adminViews(deps.db, decided ? [decided] : []);
  if (!view) throw new AppError('organization_not_found');
  return { organization: view };
}

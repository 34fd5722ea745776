/**
 * The operators' review of an organization (issue 16; the console's screen comes with issue 17):
 * under review → approved, or rejected with a reason. The transition is one transaction
 * conditioned on the status and version read, so two reviewers (or a review and the owner's edit)
 * never both win; the console adds its audit entry to it (`ReviewChange`). The mail goes once,
 * after the write that won.
 */
import { businessConfig } from '@app/shared/config';
import { V } from '@app/shared/validation';
import type { Db } from '../../db/service.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, fieldError } from '../../lib/errors.ts';
import { type Mailer, organizationReviewMail } from '../mail.ts';
import type { TxEntities, TxItems } from '../points/ledger.ts';
import { organizationView, readOrganization } from './registration.ts';

export interface ReviewDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
}

export type ReviewDecision = { approve: true } | { approve: false; reason: string };

type OrganizationItem = NonNullable<Awaited<ReturnType<typeof readOrganization>>>;

/** What the operators' console adds to a review: the version it decided on, and its items. */
export interface ReviewChange {
  /** The version the reviewer saw: an application changed since is `organization_conflict`. */
  version?: number;
  /** Written with the decision or not at all (the audit entry), given the application as read. */
  extra?: (tx: TxEntities, org: OrganizationItem) => TxItems;
}

export async function reviewOrganization(
  deps: ReviewDeps,
  organizationId: string,
  decision: ReviewDecision,
  reviewerId: string,
  change: ReviewChange = {},
) {
  const reason = decision.approve ? '' : decision.reason.trim();
  if (!decision.approve && (!reason || reason.length > businessConfig.organizations.rejectReasonMax))
    throw fieldError('reason', V.organizationRejectReason);
  const org = await readOrganization(deps.db, organizationId);
  if (!org) throw new AppError('organization_not_found');
  if (org.status !== 'review') throw new AppError('organization_state');
  if (change.version !== undefined && change.version !== org.version)
    throw new AppError('organization_conflict');
  const now = deps.clock.now().toISOString();
  const status = decision.approve ? ('approved' as const) : ('rejected' as const);
  const result = await deps.db.transaction
    .write((tx) => [
      tx.organization
        .patch({ organizationId })
        .set({
          status,
          // The status index's sort key goes with it.
          submittedAt: org.submittedAt,
          reviewedAt: now,
          reviewedBy: reviewerId,
          version: org.version + 1,
          updatedAt: now,
          ...(decision.approve ? {} : { rejectReason: reason }),
        })
        .where((a, op) => `${op.eq(a.version, org.version)} AND ${op.eq(a.status, 'review')}`)
        .commit(),
      ...(change.extra ? change.extra(tx, org) : []),
    ])
    .go();
  if (result.canceled) throw new AppError('organization_conflict');
  const { data: owner } = await deps.db.entities.profile.get({ profileId: organizationId }).go();
  if (owner?.email)
    await deps.mailer.send(
      organizationReviewMail(org.lang, owner.email, {
        name: org.name,
        approved: decision.approve,
        ...(decision.approve ? {} : { reason }),
      }),
    );
  const after = await readOrganization(deps.db, organizationId);
  return { organization: after ? organizationView(after) : null };
}

/**
 * The operators' review of an organization (issue 16; the console's screen comes with issue 17):
 * under review → approved, or rejected with a reason. The transition is conditioned on the status
 * and version read, so two reviewers (or a review and the owner's edit) never both win; the mail
 * goes once, after the write that won.
 */
import { businessConfig } from '@app/shared/config';
import { V } from '@app/shared/validation';
import { isConditionFailure } from '../../db/errors.ts';
import type { Db } from '../../db/service.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, fieldError } from '../../lib/errors.ts';
import { type Mailer, organizationReviewMail } from '../mail.ts';
import { organizationView, readOrganization } from './registration.ts';

export interface ReviewDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
}

export type ReviewDecision = { approve: true } | { approve: false; reason: string };

export async function reviewOrganization(
  deps: ReviewDeps,
  organizationId: string,
  decision: ReviewDecision,
  reviewerId: string,
) {
  const reason = decision.approve ? '' : decision.reason.trim();
  if (!decision.approve && (!reason || reason.length > businessConfig.organizations.rejectReasonMax))
    throw fieldError('reason', V.organizationRejectReason);
  const org = await readOrganization(deps.db, organizationId);
  if (!org) throw new AppError('organization_not_found');
  if (org.status !== 'review') throw new AppError('organization_state');
  const now = deps.clock.now().toISOString();
  const status = decision.approve ? ('approved' as const) : ('rejected' as const);
  try {
    await deps.db.entities.organization
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
      .go();
  } catch (error) {
    if (isConditionFailure(error)) throw new AppError('organization_conflict');
    throw error;
  }
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

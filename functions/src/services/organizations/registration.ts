/**
 * A shop/organization owner's organization (issue 16): the application form, its logo through the
 * media pipeline, and the owner's view of the review. One organization per owner, keyed by the
 * owner's profile id; every write is conditioned on the `version` it read, so the form and a
 * concurrent review never overwrite each other.
 */
import { businessConfig, type Language } from '@app/shared/config';
import { mediaPurposes } from '@app/shared/media';
import { type OrganizationStatus, reviewedFields, statusAfterSave } from '@app/shared/organizations';
import { isSetupComplete } from '@app/shared/roles';
import type { OrganizationRequest, OrganizationView } from '@app/shared/schemas/organizations';
import { V } from '@app/shared/validation';
import type { EntityItem } from 'electrodb';
import type { Organization } from '../../db/entities/organization.ts';
import { isConditionFailure } from '../../db/errors.ts';
import type { Db } from '../../db/service.ts';
import type { ProfileItem } from '../../lib/auth.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, fieldError } from '../../lib/errors.ts';
import { processUpload } from '../media/check.ts';
import { deletePicture } from '../media/cleanup.ts';
import { discardUpload, type MediaDeps, type UploadTarget, uploadTarget } from '../media/pipeline.ts';
import { mediaUrl } from '../social/cards.ts';

export type OrganizationItem = EntityItem<typeof Organization>;

export interface OrganizationDeps extends MediaDeps {
  db: Db;
  clock: Clock;
}

export async function readOrganization(db: Db, organizationId: string): Promise<OrganizationItem | null> {
  const { data } = await db.entities.organization.get({ organizationId }).go({ consistent: true });
  return data ?? null;
}

export function organizationView(org: OrganizationItem): OrganizationView {
  return {
    id: org.organizationId,
    name: org.name,
    category: org.category,
    address: org.address ?? '',
    logo_url: mediaUrl(org.logo),
    is_public: org.isPublic,
    status: org.status,
    reject_reason: org.status === 'rejected' ? (org.rejectReason ?? '') : null,
    submitted_at: org.submittedAt,
    reviewed_at: org.reviewedAt ?? null,
    cast_count: org.castCount,
    casts_max: businessConfig.organizations.castsMax,
  };
}

/** Owners apply once their sign-up is complete (spec 5: 'Please complete your user registration.'). */
function assertOwnerReady(owner: ProfileItem): void {
  if (!isSetupComplete(owner.roleId, owner.finalStep)) throw new AppError('registration_incomplete');
}

export async function getOrganization(deps: { db: Db }, owner: ProfileItem) {
  const org = await readOrganization(deps.db, owner.profileId);
  return { organization: org ? organizationView(org) : null };
}

export function logoUploadUrl(
  deps: MediaDeps,
  owner: ProfileItem,
  contentType: string,
): Promise<UploadTarget> {
  assertOwnerReady(owner);
  return uploadTarget(deps, mediaPurposes.logo, contentType, owner.profileId);
}

/**
 * Applies, edits an application, or applies again after a rejection (back under review, the
 * reason cleared). An approved organization keeps its status: its name and category were
 * reviewed and cannot change here (422 on the field); address, logo and visibility can.
 */
export async function saveOrganization(
  deps: OrganizationDeps,
  owner: ProfileItem,
  input: OrganizationRequest & { address: string },
  lang: Language,
) {
  assertOwnerReady(owner);
  const organizationId = owner.profileId;
  const current = await readOrganization(deps.db, organizationId);
  if (current?.status === 'approved') {
    for (const field of reviewedFields)
      if (input[field] !== current[field]) throw fieldError(field, V.organizationLocked);
  }
  // The logo: a new upload of this owner is checked and re-encoded before anything is written.
  let logo = current?.logo;
  let madeFolder: string | null = null;
  if (input.logo_upload_key) {
    if (!input.logo_upload_key.startsWith(`uploads/${mediaPurposes.logo.folder}/${organizationId}-`))
      throw fieldError('logo_upload_key', V.organizationLogo);
    const processed = await processUpload(
      deps,
      mediaPurposes.logo,
      input.logo_upload_key,
      organizationId,
      'logo_upload_key',
    );
    logo = processed.key;
    madeFolder = processed.folder;
  } else if (input.logo_upload_key === null) {
    logo = undefined;
  }
  const now = deps.clock.now().toISOString();
  const status: OrganizationStatus = statusAfterSave(current?.status ?? null);
  const fields = {
    name: input.name,
    category: input.category,
    address: input.address,
    isPublic: input.is_public,
    status,
    lang,
    updatedAt: now,
    // A (re)application is dated: the operators' queue is oldest first.
    submittedAt: status === 'review' && current?.status !== 'review' ? now : (current?.submittedAt ?? now),
  };
  try {
    if (!current) {
      await deps.db.entities.organization
        .create({
          organizationId,
          ...fields,
          ...(logo ? { logo } : {}),
          castCount: 0,
          version: 1,
          createdAt: now,
        })
        .go();
    } else {
      const removed = [
        ...(logo ? [] : (['logo'] as const)),
        ...(status === 'review' ? (['rejectReason'] as const) : []),
      ];
      const update = deps.db.entities.organization
        .patch({ organizationId })
        .set({ ...fields, ...(logo ? { logo } : {}), version: current.version + 1 });
      await (removed.length ? update.remove(removed) : update)
        .where((a, op) => op.eq(a.version, current.version))
        .go();
    }
  } catch (error) {
    if (madeFolder) await deps.media.deletePrefix(madeFolder).catch(() => undefined);
    // A create that found one, or a version that moved: another tab or the review wrote meanwhile.
    if (isConditionFailure(error)) throw new AppError('organization_conflict');
    throw error;
  }
  await Promise.all([
    logo !== current?.logo ? deletePicture(deps, current?.logo) : undefined,
    input.logo_upload_key ? discardUpload(deps, input.logo_upload_key).catch(() => undefined) : undefined,
  ]);
  return getOrganization(deps, owner);
}

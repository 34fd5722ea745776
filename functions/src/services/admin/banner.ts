/**
 * The home screen's campaign banner (issue 17): one item (`home`/`banner`) read by `GET /home`.
 * Operators replace it (a new picture through the media pipeline, purpose `banner`; or only its
 * alt texts and link) or remove it; each change is conditional on the version read (none: the
 * item must not exist) and writes its audit entry in the same transaction. The replaced picture's
 * objects are deleted after the commit.
 */

import { mediaPurposes } from '@app/shared/media';
import type { AdminBannerResponse, BannerSaveRequest } from '@app/shared/schemas/admin-content';
import { V } from '@app/shared/validation';
import type { EntityItem } from 'electrodb';
import type { HomeBanner } from '../../db/entities/home.ts';
import type { Db } from '../../db/service.ts';
import type { ProfileItem } from '../../lib/auth.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, fieldError } from '../../lib/errors.ts';
import { processUpload } from '../media/check.ts';
import { deletePicture } from '../media/cleanup.ts';
import { discardUpload, type MediaDeps, type UploadTarget, uploadTarget } from '../media/pipeline.ts';
import { mediaUrl } from '../social/cards.ts';
import { auditCommit } from './audit.ts';

export interface BannerDeps extends MediaDeps {
  db: Db;
  clock: Clock;
}

type BannerItem = EntityItem<typeof HomeBanner>;

const versionOf = (b: BannerItem) => b.version ?? 1;

function bannerView(b: BannerItem | null): AdminBannerResponse {
  if (!b) return { banner: null };
  return {
    banner: {
      image_url: mediaUrl(b.imageKey),
      alt: { ja: b.altJa, en: b.altEn },
      link: b.link ?? null,
      updated_at: b.updatedAt,
      version: versionOf(b),
    },
  };
}

const auditFields = (b: Pick<BannerItem, 'imageKey' | 'altJa' | 'altEn' | 'link'>) => ({
  image_key: b.imageKey,
  alt_ja: b.altJa,
  alt_en: b.altEn,
  link: b.link ?? null,
});

async function readBanner(db: Db): Promise<BannerItem | null> {
  return (await db.entities.homeBanner.get({}).go({ consistent: true })).data;
}

export async function getBanner(deps: BannerDeps): Promise<AdminBannerResponse> {
  return bannerView(await readBanner(deps.db));
}

export function bannerUploadUrl(
  deps: BannerDeps,
  actor: ProfileItem,
  contentType: string,
): Promise<UploadTarget> {
  return uploadTarget(deps, mediaPurposes.banner, contentType, actor.profileId);
}

/** The version condition: the one read, or (none read) no banner at all. */
function checkVersion(current: BannerItem | null, version: number | null) {
  if ((current ? versionOf(current) : null) !== version) throw new AppError('admin_conflict');
}

export async function saveBanner(
  deps: BannerDeps,
  actor: ProfileItem,
  input: BannerSaveRequest,
): Promise<AdminBannerResponse> {
  const current = await readBanner(deps.db);
  checkVersion(current, input.version);
  let imageKey = current?.imageKey;
  let madeFolder: string | null = null;
  if (input.upload_key) {
    // Only an upload this operator asked for, checked and re-encoded before anything is written.
    if (!input.upload_key.startsWith(`uploads/${mediaPurposes.banner.folder}/${actor.profileId}-`))
      throw fieldError('upload_key', V.bannerImage);
    const processed = await processUpload(
      deps,
      mediaPurposes.banner,
      input.upload_key,
      actor.profileId,
      'upload_key',
    );
    imageKey = processed.key;
    madeFolder = processed.folder;
  }
  if (!imageKey) throw fieldError('upload_key', V.bannerImage);
  const now = deps.clock.now();
  const link = input.link ? input.link : undefined;
  const next = {
    imageKey,
    altJa: input.alt.ja,
    altEn: input.alt.en,
    ...(link ? { link } : {}),
    updatedAt: now.toISOString(),
    version: (current ? versionOf(current) : 0) + 1,
  };
  const before = current ? auditFields(current) : null;
  const after = auditFields(next);
  const keys = Object.keys(after).filter(
    (k) => !before || before[k as keyof typeof before] !== after[k as keyof typeof after],
  );
  const pick = (o: Record<string, unknown>) => Object.fromEntries(keys.map((k) => [k, o[k]]));
  const result = await deps.db.transaction
    .write((e) => [
      current
        ? e.homeBanner
            .put(next)
            .where((a, op) =>
              current.version === undefined ? op.notExists(a.version) : op.eq(a.version, current.version),
            )
            .commit()
        : e.homeBanner.create(next).commit(),
      auditCommit(e, now, {
        actor,
        action: 'banner.update',
        targetType: 'banner',
        targetId: 'home',
        before: before ? pick(before) : null,
        after: pick(after),
        key: `banner-v${next.version}`,
      }),
    ])
    .go();
  if (result.canceled) {
    if (madeFolder) await deps.media.deletePrefix(madeFolder).catch(() => undefined);
    throw new AppError('admin_conflict');
  }
  await Promise.all([
    imageKey !== current?.imageKey ? deletePicture(deps, current?.imageKey) : undefined,
    input.upload_key ? discardUpload(deps, input.upload_key).catch(() => undefined) : undefined,
  ]);
  return bannerView(next as BannerItem);
}

export async function removeBanner(
  deps: BannerDeps,
  actor: ProfileItem,
  input: { version: number },
): Promise<AdminBannerResponse> {
  const current = await readBanner(deps.db);
  if (!current) return { banner: null };
  checkVersion(current, input.version);
  const now = deps.clock.now();
  const result = await deps.db.transaction
    .write((e) => [
      e.homeBanner
        .delete({})
        .where((a, op) =>
          current.version === undefined ? op.notExists(a.version) : op.eq(a.version, input.version),
        )
        .commit(),
      auditCommit(e, now, {
        actor,
        action: 'banner.update',
        targetType: 'banner',
        targetId: 'home',
        before: auditFields(current),
        after: null,
        key: `banner-removed-v${versionOf(current)}`,
      }),
    ])
    .go();
  if (result.canceled) throw new AppError('admin_conflict');
  await deletePicture(deps, current.imageKey);
  return { banner: null };
}

/**
 * Console: stamps and campaigns (issue 17). The stamp catalogue and the campaign codes live in the
 * table; the configuration (`chat.stamps`, `rewards.campaignCode`…) is their seed, copied once.
 *
 * Routes (role 3 only):
 * - `GET /admin/catalog/stamps` → `adminStampList` (the whole catalogue: at most `stampsMax`)
 * - `POST /admin/catalog/stamps/picture-url` `stampPictureUrlRequest` → `uploadUrlView`
 * - `POST /admin/catalog/stamps/create` `stampCreateRequest` → `adminStampResponse`
 * - `POST /admin/catalog/stamps/update` `stampUpdateRequest` → `adminStampResponse`
 * - `POST /admin/catalog/stamps/retire` and `/restore` `stampStateRequest` → `adminStampResponse`
 * - `GET /admin/catalog/campaigns` `campaignListQuery` → `adminCampaignPage`
 * - `POST /admin/catalog/campaigns/create` `campaignCreateRequest` → `adminCampaignResponse`
 * - `POST /admin/catalog/campaigns/update` `campaignUpdateRequest` → `adminCampaignResponse`
 * - `POST /admin/catalog/campaigns/end` `campaignEndRequest` → `adminCampaignResponse`
 */
import * as z from 'zod/mini';
import { businessConfig } from '../config.ts';
import { IMAGE_TYPES, mediaConfig, mediaPurposes } from '../media.ts';
import { textSchema, V } from '../validation.ts';
import { adminCursor } from './admin.ts';
import { CAMPAIGN_CODE_RE, normalizeCampaignCode } from './auth.ts';
import { uploadUrlView } from './uploads.ts';

const C = businessConfig.admin.catalog;

/** Interpolation values of this section's validation messages. */
export const catalogMessageParams = {
  stamp_name_max: C.stampNameMax,
  stamp_cost_min: C.stampCost.min,
  stamp_cost_max: C.stampCost.max,
  catalog_order_max: C.orderMax,
  campaign_rate_min: C.campaignRatePercent.min,
  campaign_rate_max: C.campaignRatePercent.max,
};

/** A stamp id: what messages and income rows name it by, fixed at creation. */
export const STAMP_ID_RE = /^[a-z][a-z0-9-]{1,31}$/;

const stampIdSchema = z.string({ error: V.stampId }).check(z.trim(), z.regex(STAMP_ID_RE, V.stampId));
const stampName = textSchema({ max: C.stampNameMax, maxMessage: V.stampName, required: V.stampName });
const costSchema = z
  .int({ error: V.stampCost })
  .check(z.gte(C.stampCost.min, V.stampCost), z.lte(C.stampCost.max, V.stampCost));
const orderSchema = z
  .int({ error: V.catalogOrder })
  .check(z.gte(0, V.catalogOrder), z.lte(C.orderMax, V.catalogOrder));
const versionSchema = z.int({ error: V.required }).check(z.gte(1, V.required));
/** A processed upload of this purpose (`uploads/stamp/…`), checked again by the server. */
const pictureKey = z
  .string({ error: V.stampPicture })
  .check(
    z.startsWith(`${mediaConfig.prefixes.uploads}${mediaPurposes.stamp.folder}/`, V.stampPicture),
    z.maxLength(300, V.stampPicture),
  );

export const stampPictureUrlRequest = z.object({
  content_type: z.enum(Object.keys(IMAGE_TYPES) as [keyof typeof IMAGE_TYPES], { error: V.mediaType }),
});
export { uploadUrlView };

const stampFields = {
  name_ja: stampName,
  name_en: stampName,
  cost: costSchema,
  order: orderSchema,
};

export const stampCreateRequest = z.object({
  id: stampIdSchema,
  ...stampFields,
  picture_upload_key: pictureKey,
});
export type StampCreateRequest = z.input<typeof stampCreateRequest>;

export const stampUpdateRequest = z.object({
  id: stampIdSchema,
  version: versionSchema,
  ...stampFields,
  /** A new picture's upload; absent keeps the current one. */
  picture_upload_key: z.optional(pictureKey),
});
export type StampUpdateRequest = z.input<typeof stampUpdateRequest>;

export const stampStateRequest = z.object({ id: stampIdSchema, version: versionSchema });
export type StampStateRequest = z.input<typeof stampStateRequest>;

export const adminStampView = z.object({
  id: z.string(),
  name: z.object({ ja: z.string(), en: z.string() }),
  cost: z.int(),
  order: z.int(),
  active: z.boolean(),
  /** The uploaded picture (public media URL); null: the bundled picture of a configured stamp. */
  picture_url: z.nullable(z.string()),
  /** 0 while the catalogue is still the configuration's (not stored yet). */
  version: z.int(),
  updated_at: z.nullable(z.string()),
});
export type AdminStampView = z.infer<typeof adminStampView>;

export const adminStampList = z.object({
  stamps: z.array(adminStampView),
  stamps_max: z.int(),
});
export type AdminStampList = z.infer<typeof adminStampList>;
export const adminStampResponse = z.object({ stamp: adminStampView });
export type AdminStampResponse = z.infer<typeof adminStampResponse>;

// ---------------------------------------------------------------------------------------------
// Campaign codes

/** What registration does to a typed code (trim, NFKC, upper case), then the format. */
export const campaignCodeSchema = z
  .string({ error: V.campaignCodeFormat })
  .check(
    z.maxLength(40, V.campaignCodeFormat),
    z.overwrite(normalizeCampaignCode),
    z.regex(CAMPAIGN_CODE_RE, V.campaignCodeFormat),
  );
const ratePercent = z
  .int({ error: V.campaignRate })
  .check(z.gte(C.campaignRatePercent.min, V.campaignRate), z.lte(C.campaignRatePercent.max, V.campaignRate));
/** An instant with its offset (the console sends JST times as `…+09:00`). */
const endsAt = z.iso.datetime({ offset: true, error: V.campaignEndsAt });

export const campaignCreateRequest = z.object({
  code: campaignCodeSchema,
  rate_percent: ratePercent,
  ends_at: endsAt,
});
export type CampaignCreateRequest = z.input<typeof campaignCreateRequest>;

export const campaignUpdateRequest = z.object({
  code: campaignCodeSchema,
  version: versionSchema,
  rate_percent: ratePercent,
  ends_at: endsAt,
});
export type CampaignUpdateRequest = z.input<typeof campaignUpdateRequest>;

export const campaignEndRequest = z.object({ code: campaignCodeSchema, version: versionSchema });
export type CampaignEndRequest = z.input<typeof campaignEndRequest>;

export const campaignStates = ['running', 'ended'] as const;

export const adminCampaignView = z.object({
  code: z.string(),
  rate_percent: z.int(),
  ends_at: z.string(),
  /** Running: active and before its end; ended otherwise (ended now, or its date passed). */
  state: z.enum(campaignStates),
  active: z.boolean(),
  /** 0 while the campaign is still the configuration's (not stored yet). */
  version: z.int(),
  updated_at: z.nullable(z.string()),
});
export type AdminCampaignView = z.infer<typeof adminCampaignView>;

export const campaignListQuery = z.object({ cursor: adminCursor });
export const adminCampaignPage = z.object({
  campaigns: z.array(adminCampaignView),
  next_cursor: z.nullable(z.string()),
});
export type AdminCampaignPage = z.infer<typeof adminCampaignPage>;
export const adminCampaignResponse = z.object({ campaign: adminCampaignView });
export type AdminCampaignResponse = z.infer<typeof adminCampaignResponse>;

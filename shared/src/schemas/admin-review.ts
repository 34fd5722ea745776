/**
 * The operators' console (issue 17): organization reviews and item moderation.
 *
 * Routes (role 3 only):
 * - `GET /admin/organizations` `adminOrganizationsQuery` → `adminOrganizationPage`
 * - `POST /admin/organizations/approve` `adminOrganizationApproveRequest` → `adminOrganizationResponse`
 * - `POST /admin/organizations/reject` `adminOrganizationRejectRequest` → `adminOrganizationResponse`
 * - `GET /admin/items` `adminItemsQuery` → `adminItemPage` (a creator's items, or those under review)
 * - `GET /admin/items/{id}` → `adminItemResponse`
 * - `POST /admin/items/thumbnail-delete` `adminItemRequest` → `adminItemResponse`
 * - `POST /admin/items/sample-delete` `adminSampleDeleteRequest` → `adminItemResponse`
 * - `POST /admin/items/review` `adminItemReviewRequest` → `adminItemResponse`
 */
import * as z from 'zod/mini';
import { businessConfig } from '../config.ts';
import { organizationStatuses } from '../organizations.ts';
import { itemStatuses, itemTypes } from '../shop.ts';
import { textSchema, ULID_RE, USERNAME_RE, V } from '../validation.ts';
import { adminCursor } from './admin.ts';
import { itemDetailView } from './shop.ts';

const organizationId = z.string({ error: V.required }).check(z.regex(/^[A-Za-z0-9-]{1,64}$/, V.required));
const version = z.int({ error: V.required }).check(z.minimum(1, V.required));

// ---------------------------------------------------------------------------------------------
// Organizations

export const adminOrganizationsQuery = z.object({
  status: z.optional(z.enum(organizationStatuses, { error: V.required })),
  cursor: adminCursor,
});
export type AdminOrganizationsQuery = z.input<typeof adminOrganizationsQuery>;

/** An application as the operators review it: the organization and its owner. */
export const adminOrganizationView = z.object({
  id: z.string(),
  version: z.int(),
  name: z.string(),
  category: z.int(),
  address: z.string(),
  logo_url: z.nullable(z.string()),
  is_public: z.boolean(),
  status: z.enum(organizationStatuses),
  /** The reason of this rejection (status rejected), or of the last one before this application. */
  reject_reason: z.nullable(z.string()),
  submitted_at: z.string(),
  reviewed_at: z.nullable(z.string()),
  owner: z.object({
    id: z.string(),
    nickname: z.nullable(z.string()),
    email: z.nullable(z.string()),
  }),
});
export type AdminOrganizationView = z.infer<typeof adminOrganizationView>;

export const adminOrganizationPage = z.object({
  organizations: z.array(adminOrganizationView),
  next_cursor: z.nullable(z.string()),
});
export type AdminOrganizationPage = z.infer<typeof adminOrganizationPage>;

/** The decision is on the version the operator read: a change since is 409 `admin_conflict`. */
export const adminOrganizationApproveRequest = z.object({
  organization_id: organizationId,
  version,
});
export type AdminOrganizationApproveRequest = z.input<typeof adminOrganizationApproveRequest>;

export const adminOrganizationRejectRequest = z.object({
  organization_id: organizationId,
  version,
  reason: textSchema({
    max: businessConfig.organizations.rejectReasonMax,
    maxMessage: V.organizationRejectReason,
    required: V.organizationRejectReason,
    multiline: true,
  }),
});
export type AdminOrganizationRejectRequest = z.input<typeof adminOrganizationRejectRequest>;

export const adminOrganizationResponse = z.object({ organization: adminOrganizationView });
export type AdminOrganizationResponse = z.infer<typeof adminOrganizationResponse>;

// ---------------------------------------------------------------------------------------------
// Items

/** Where an item stands for buyers: public, hidden (unlisted), draft, or deleted by its creator. */
export const adminItemStates = ['public', 'hidden', 'draft', 'deleted'] as const;
export type AdminItemState = (typeof adminItemStates)[number];

/** A creator's items (by username), newest first; without `creator`, the items under review. */
export const adminItemsQuery = z.object({
  creator: z.optional(z.string().check(z.trim(), z.regex(USERNAME_RE, V.username))),
  cursor: adminCursor,
});
export type AdminItemsQuery = z.input<typeof adminItemsQuery>;

const creatorView = z.object({
  id: z.string(),
  username: z.nullable(z.string()),
  nickname: z.nullable(z.string()),
});

export const adminItemRow = z.object({
  id: z.string(),
  name: z.string(),
  item_type: z.enum(itemTypes),
  status: z.enum(itemStatuses),
  state: z.enum(adminItemStates),
  thumbnail_url: z.nullable(z.string()),
  price: z.nullable(z.int()),
  sensitive: z.boolean(),
  under_review: z.boolean(),
  /** Since when it is under review (null when not). */
  review_since: z.nullable(z.string()),
  created_at: z.string(),
  creator: creatorView,
});
export type AdminItemRow = z.infer<typeof adminItemRow>;

export const adminItemPage = z.object({
  /** The creator searched for (null for the under-review list). */
  creator: z.nullable(creatorView),
  items: z.array(adminItemRow),
  next_cursor: z.nullable(z.string()),
});
export type AdminItemPage = z.infer<typeof adminItemPage>;

/** The item with every file (private ones as short-lived presigned URLs). */
export const adminItemView = z.extend(itemDetailView, {
  state: z.enum(adminItemStates),
  review_since: z.nullable(z.string()),
  deleted_at: z.nullable(z.string()),
  creator: creatorView,
});
export type AdminItemView = z.infer<typeof adminItemView>;

export const adminItemResponse = z.object({ item: adminItemView });
export type AdminItemResponse = z.infer<typeof adminItemResponse>;

const itemId = z.string({ error: V.required }).check(z.regex(ULID_RE, V.required));

export const adminItemRequest = z.object({ item_id: itemId });
export type AdminItemRequest = z.input<typeof adminItemRequest>;

export const adminSampleDeleteRequest = z.object({
  item_id: itemId,
  /** The sample's processed key, as the item page lists it. */
  key: z.string({ error: V.required }).check(z.minLength(1, V.required), z.maxLength(512, V.required)),
});
export type AdminSampleDeleteRequest = z.input<typeof adminSampleDeleteRequest>;

/** Puts the item under review or takes it off, on the version the operator read. */
export const adminItemReviewRequest = z.object({
  item_id: itemId,
  version,
  under_review: z.boolean({ error: V.required }),
});
export type AdminItemReviewRequest = z.input<typeof adminItemReviewRequest>;

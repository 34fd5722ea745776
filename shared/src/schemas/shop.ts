/**
 * The shop (issue 13; spec sections 2-8, DECISIONS.md "Shop"): the creator's items and their form,
 * the fan's item page and purchase, the cart, the library, sales status with return gifts, grants
 * of original points, the realtime purchase log and the shop's business setting.
 * Prices are yen in steps of `limits.itemPriceUnitYen`; a unit costs price / yenPerMushroom points.
 */
import * as z from 'zod/mini';
import { businessConfig } from '../config.ts';
import { mediaConfig, mediaPurposes } from '../media.ts';
import { itemStatuses, itemTypes } from '../shop.ts';
import { PROFILE_ID_RE, textSchema, V } from '../validation.ts';
import { balanceView } from './points.ts';

const S = businessConfig.shop;
const L = businessConfig.limits;

/** Item and order line ids are ULIDs (time-ordered). */
export const ITEM_ID_RE = /^[0-9A-HJKMNP-TV-Z]{26}$/;
export const LINE_ID_RE = ITEM_ID_RE;
export const itemIdSchema = z.string({ error: V.itemId }).check(z.regex(ITEM_ID_RE, V.itemId));

// The lists live in ../shop.ts (light: the table's entities import them, and every bundle has those).
export { itemStatuses, itemTypes };
export type ItemType = (typeof itemTypes)[number];
export type ItemStatus = (typeof itemStatuses)[number];
/** A published item inside, before or after its sale window (spec "Items"). */
export const saleStates = ['scheduled', 'on_sale', 'ended'] as const;
export type SaleState = (typeof saleStates)[number];
/** Null when the item shows no stock label (unlimited, or the display flag off and plenty left). */
export const stockLabels = ['sold_out', 'low', 'plenty'] as const;
export type StockLabel = (typeof stockLabels)[number];

/** Digital items are bought once; physical ones 1 to `physicalQuantityMax` units per line. */
export const maxQuantityOf = (type: ItemType) => (type === 'physical' ? S.physicalQuantityMax : 1);
/** Points one unit costs. */
export const pointsOfPrice = (priceYen: number) => priceYen / businessConfig.points.yenPerMushroom;

/** The upload purposes of the item form (shared/src/media.ts). */
export const itemUploadPurposes = ['itemThumbnail', 'itemImage', 'itemZip', 'itemVideo', 'sample'] as const;
export type ItemUploadPurpose = (typeof itemUploadPurposes)[number];
/** Return gifts: a photo or a video. */
export const giftUploadPurposes = ['returnGiftPhoto', 'returnGiftVideo'] as const;
export type GiftUploadPurpose = (typeof giftUploadPurposes)[number];

const folders = (names: readonly (keyof typeof mediaPurposes)[]) =>
  names.map((n) => mediaPurposes[n].folder).join('|');
/** An upload of the item form: `uploads/<folder>/<owner>/<uuid>.<ext>`. */
export const ITEM_UPLOAD_RE = new RegExp(
  `^${mediaConfig.prefixes.uploads}(${folders(itemUploadPurposes)})/[A-Za-z0-9_-]{1,140}/[A-Za-z0-9_-]{1,80}\\.[A-Za-z0-9]{1,8}$`,
);
export const GIFT_UPLOAD_RE = new RegExp(
  `^${mediaConfig.prefixes.uploads}(${folders(giftUploadPurposes)})/[A-Za-z0-9_-]{1,140}/[A-Za-z0-9_-]{1,80}\\.[A-Za-z0-9]{1,8}$`,
);
/** A file the item already has: its processed key (`media/…` or `private/…`). */
export const ITEM_FILE_RE = new RegExp(
  `^(${mediaConfig.prefixes.public}|${mediaConfig.prefixes.private})(${folders(itemUploadPurposes)})/[A-Za-z0-9/_.-]{1,300}$`,
);
/** The form names a file by a new upload key or by a key the item already holds. */
const fileRef = z.string({ error: V.itemFile }).check(
  z.maxLength(400, V.itemFile),
  z.refine((s) => ITEM_UPLOAD_RE.test(s) || ITEM_FILE_RE.test(s), V.itemFile),
);

// ---------------------------------------------------------------------------------------------
// Upload URLs (item form, return gifts): a presigned POST as in the chat

export const itemUploadUrlRequest = z.object({
  purpose: z.enum(itemUploadPurposes, { error: V.itemFile }),
  content_type: z.string({ error: V.mediaType }).check(z.maxLength(100, V.mediaType)),
  /** The file's name as the creator picked it (shown in buyers' libraries as the download name). */
  file_name: z.optional(textSchema({ max: 200, maxMessage: V.itemFile })),
});
export const giftUploadUrlRequest = z.object({
  line_id: z.string({ error: V.itemId }).check(z.regex(LINE_ID_RE, V.itemId)),
  purpose: z.enum(giftUploadPurposes, { error: V.returnGiftContent }),
  content_type: z.string({ error: V.mediaType }).check(z.maxLength(100, V.mediaType)),
});
// The presigned POST's answer, shared with the fan club's post form (a module of its own, so that
// neither area's bundles carry the other's contracts).
export { type UploadUrlView, uploadUrlView } from './uploads.ts';

// ---------------------------------------------------------------------------------------------
// The item form: POST /item (create or edit), GET /item/{id}, GET /item/setting

const isoDateTime = z.iso.datetime({ offset: true, error: V.itemOpenAt });

export const itemSaveRequest = z
  .object({
    /** Absent: create. Present: edit (the creator's own item). */
    id: z.optional(itemIdSchema),
    /** Edits: the version the form read; a concurrent edit answers 409 item_edit_conflict. */
    version: z.optional(z.int()),
    status: z.enum(itemStatuses, { error: V.required }),
    item_type: z.enum(itemTypes, { error: V.itemType }),
    name: textSchema({ max: S.nameMax, maxMessage: V.itemNameMax, required: V.itemName }),
    description: z._default(
      textSchema({ max: S.descriptionMax, maxMessage: V.itemDescriptionMax, multiline: true }),
      '',
    ),
    /** Yen, a multiple of `itemPriceUnitYen` within the range; null only in a draft. */
    price: z.nullable(
      z
        .int({ error: V.itemPrice })
        .check(
          z.gte(S.priceMinYen, V.itemPrice),
          z.lte(S.priceMaxYen, V.itemPrice),
          z.multipleOf(L.itemPriceUnitYen, V.itemPrice),
        ),
    ),
    thumbnail: z.nullable(fileRef),
    /** Photo items: images in the order shown (drag to reorder), and/or one ZIP. */
    images: z._default(z.array(fileRef).check(z.maxLength(S.imagesMax, V.itemImagesMax)), []),
    zip: z._default(z.nullable(fileRef), null),
    /** Video items: one MP4 or MOV. */
    video: z._default(z.nullable(fileRef), null),
    samples: z._default(z.array(fileRef).check(z.maxLength(L.sampleFiles, V.itemSamplesMax)), []),
    /** Sale start (required to publish) and optional stop (null: no end). */
    open_at: z.nullable(isoDateTime),
    close_at: z._default(z.nullable(z.iso.datetime({ offset: true, error: V.itemCloseAt })), null),
    /**
     * Stock: `unlimited`, or `limited` with `stock` units left. On an edit an absent `stock` keeps
     * the current count (spec: an empty stock-update field keeps the current stock).
     */
    stock_mode: z.enum(['unlimited', 'limited'], { error: V.itemStock }),
    stock: z.optional(
      z.int({ error: V.itemStock }).check(z.gte(0, V.itemStock), z.lte(S.stockMax, V.itemStock)),
    ),
    show_stock: z._default(z.boolean(), true),
    /** The low-stock label at or below this many units; 0 turns it off. */
    low_stock_threshold: z._default(
      z
        .int({ error: V.itemLowStock })
        .check(z.gte(0, V.itemLowStock), z.lte(S.lowStockThresholdMax, V.itemLowStock)),
      0,
    ),
    sensitive: z._default(z.boolean(), false),
    /** Listed on the profile (show) or hidden; required (spec: the public flag). */
    is_public: z.boolean({ error: V.itemPublic }),
    /**
     * The names the creator's files had when picked, by new upload key (kept with the file and
     * given to buyers as the download name); keys the item already holds keep theirs.
     */
    file_names: z._default(
      z
        .record(
          z.string().check(z.regex(ITEM_UPLOAD_RE, V.itemFile)),
          textSchema({ max: 200, maxMessage: V.itemFile }),
        )
        // At most one name per file the form can hold (thumbnail, images, ZIP, video, samples).
        .check(z.refine((r) => Object.keys(r).length <= S.imagesMax + L.sampleFiles + 3, V.itemFile)),
      {},
    ),
  })
  .check(
    z.refine((b) => !b.close_at || !b.open_at || Date.parse(b.close_at) > Date.parse(b.open_at), {
      error: V.itemCloseAt,
      path: ['close_at'],
    }),
  );
export type ItemSaveRequest = z.infer<typeof itemSaveRequest>;

/**
 * What publishing needs besides the schema (the service checks it on `status: 'published'`, and
 * the form before sending): each missing field with its own message.
 */
export function publishIssues(b: ItemSaveRequest): { path: string; message: string }[] {
  const issues: { path: string; message: string }[] = [];
  if (!b.description) issues.push({ path: 'description', message: V.itemDescription });
  if (b.price === null) issues.push({ path: 'price', message: V.itemPrice });
  if (!b.thumbnail) issues.push({ path: 'thumbnail', message: V.itemThumbnail });
  if (!b.open_at) issues.push({ path: 'open_at', message: V.itemOpenAt });
  if (b.item_type === 'photo' && b.images.length === 0 && !b.zip)
    issues.push({ path: 'images', message: V.itemPhotoContent });
  if (b.item_type === 'video' && !b.video) issues.push({ path: 'video', message: V.itemVideo });
  if (b.stock_mode === 'limited' && b.stock === undefined)
    issues.push({ path: 'stock', message: V.itemStock });
  return issues;
}

/** A file of an item as its creator sees it in the form. */
export const itemFileView = z.object({
  /** The processed key: send it back in the form to keep the file. */
  key: z.string(),
  /** A URL to show it (public media, or a short-lived presigned GET for the owner). */
  url: z.nullable(z.string()),
  name: z.nullable(z.string()),
  content_type: z.string(),
  size: z.nullable(z.int()),
});
export type ItemFileView = z.infer<typeof itemFileView>;

/** `GET /item/{id}`: the creator's own item, all of it, for the edit form. */
export const itemDetailView = z.object({
  id: z.string(),
  version: z.int(),
  status: z.enum(itemStatuses),
  item_type: z.enum(itemTypes),
  name: z.string(),
  description: z.string(),
  price: z.nullable(z.int()),
  thumbnail: z.nullable(itemFileView),
  images: z.array(itemFileView),
  zip: z.nullable(itemFileView),
  video: z.nullable(itemFileView),
  samples: z.array(itemFileView),
  open_at: z.nullable(z.string()),
  close_at: z.nullable(z.string()),
  stock_mode: z.enum(['unlimited', 'limited']),
  stock: z.nullable(z.int()),
  show_stock: z.boolean(),
  low_stock_threshold: z.int(),
  sensitive: z.boolean(),
  /** Put under review by operators: hidden from minors and rankings like a sensitive item. */
  under_review: z.boolean(),
  is_public: z.boolean(),
  pinned: z.boolean(),
  sold: z.int(),
  created_at: z.string(),
  published_at: z.nullable(z.string()),
});
export type ItemDetailView = z.infer<typeof itemDetailView>;

// ---------------------------------------------------------------------------------------------
// The shop's business setting (/mypage/businessSetting/shop): name and 特定商取引法 disclosure

const disclosureField = textSchema({ max: S.disclosureFieldMax, maxMessage: V.disclosureField });
export const disclosureFields = ['seller', 'representative', 'address', 'phone', 'email'] as const;
export const shopSettingView = z.object({
  shop_name: z.nullable(z.string()),
  /** `full`: the fields are shown; `on_request`: "disclosed without delay on request". */
  disclosure_mode: z.enum(['full', 'on_request']),
  disclosure: z.object({
    seller: z.string(),
    representative: z.string(),
    address: z.string(),
    phone: z.string(),
    email: z.string(),
    note: z.string(),
  }),
});
export type ShopSettingView = z.infer<typeof shopSettingView>;
export const shopSettingRequest = z
  .object({
    shop_name: textSchema({ max: S.shopNameMax, maxMessage: V.shopName }),
    disclosure_mode: z.enum(['full', 'on_request'], { error: V.required }),
    disclosure: z.object({
      seller: disclosureField,
      representative: disclosureField,
      address: disclosureField,
      phone: disclosureField,
      email: disclosureField,
      note: textSchema({ max: S.disclosureNoteMax, maxMessage: V.disclosureNote, multiline: true }),
    }),
  })
  .check(
    z.refine(
      (b) =>
        b.disclosure_mode === 'on_request' || (b.disclosure.seller !== '' && b.disclosure.address !== ''),
      {
        error: V.required,
        path: ['disclosure', 'seller'],
      },
    ),
  );

/** `GET /item/setting`: what the form and the list need to know about the shop's limits. */
export const itemSettingResponse = z.object({
  drafts: z.int(),
  draft_limit: z.int(),
  pinned: z.int(),
  pinned_limit: z.int(),
  sample_limit: z.int(),
  images_limit: z.int(),
  price_min: z.int(),
  price_max: z.int(),
  price_unit: z.int(),
  stock_max: z.int(),
  shop: shopSettingView,
});

// ---------------------------------------------------------------------------------------------
// Item cards: the creator's list (GET /item/my-items/{id}) and the profile's shop (GET /profile/{id}/items/{x})

export const itemCard = z.object({
  id: z.string(),
  name: z.string(),
  item_type: z.enum(itemTypes),
  thumbnail: z.nullable(z.string()),
  price: z.nullable(z.int()),
  points: z.nullable(z.int()),
  status: z.enum(itemStatuses),
  /** Published items only; null for drafts. */
  sale_state: z.nullable(z.enum(saleStates)),
  stock_label: z.nullable(z.enum(stockLabels)),
  /** Units left, when the item shows its stock (always for its creator); null when unlimited. */
  remaining: z.nullable(z.int()),
  is_public: z.boolean(),
  pinned: z.boolean(),
  sensitive: z.boolean(),
  open_at: z.nullable(z.string()),
  close_at: z.nullable(z.string()),
});
export type ItemCard = z.infer<typeof itemCard>;

/** `GET /item/my-items/{id}?cursor=`: the creator's own list, a page at a time. */
export const myItemsQuery = z.object({ cursor: z.optional(z.string().check(z.maxLength(1024))) });

export const itemListResponse = z.object({ items: z.array(itemCard), next_cursor: z.nullable(z.string()) });
export type ItemListResponse = z.infer<typeof itemListResponse>;

/** `{x}` of `GET /profile/{id}/items/{x}`: every type, or one. */
export const profileItemFilters = ['all', ...itemTypes] as const;

export const itemIdRequest = z.object({ id: itemIdSchema });
export const itemPinRequest = z.object({ id: itemIdSchema, pin_flg: z.boolean({ error: V.required }) });
export const itemPublishRequest = z.object({
  id: itemIdSchema,
  is_public: z.boolean({ error: V.itemPublic }),
});
export const okResponse = z.object({ ok: z.literal(true) });

// ---------------------------------------------------------------------------------------------
// The fan's item page: GET /shop/item/{id}

export const shopItemView = z.object({
  id: z.string(),
  creator: z.object({
    id: z.string(),
    username: z.nullable(z.string()),
    nickname: z.nullable(z.string()),
    profile_image: z.nullable(z.string()),
  }),
  shop: shopSettingView,
  item_type: z.enum(itemTypes),
  name: z.string(),
  description: z.string(),
  price: z.int(),
  points: z.int(),
  thumbnail: z.nullable(z.string()),
  /** Public sample pictures (the gallery with the thumbnail, in the image viewer). */
  samples: z.array(z.object({ url: z.string(), thumb: z.string() })),
  /** What the purchase gives: counts of images, a ZIP, a video. */
  contents: z.object({ images: z.int(), zip: z.boolean(), video: z.boolean() }),
  sale_state: z.enum(saleStates),
  stock_label: z.nullable(z.enum(stockLabels)),
  remaining: z.nullable(z.int()),
  max_quantity: z.int(),
  sensitive: z.boolean(),
  open_at: z.string(),
  close_at: z.nullable(z.string()),
  /** Signed-in viewers: what they hold and whether they may buy (else the refusal's error code). */
  viewer: z.nullable(
    z.object({
      balance: balanceView,
      /** This creator's original points the viewer holds. */
      original_points: z.int(),
      /** A digital item already in the viewer's library: its purchase log. */
      owned_line_id: z.nullable(z.string()),
      in_cart: z.int(),
      refusal: z.nullable(z.string()),
    }),
  ),
});
export type ShopItemView = z.infer<typeof shopItemView>;

// ---------------------------------------------------------------------------------------------
// Purchase with points: POST /shop/purchase/point, and the cart's checkout

const purchaseKey = z.uuid({ error: V.purchaseKeyRequired });
const agreeTerms = z.literal(true, { error: V.termsRequired });

export const purchaseRequest = z.object({
  item_id: itemIdSchema,
  /** Units (digital 1, physical 1 to `physicalQuantityMax`). */
  amount: z
    .int({ error: V.itemQuantity })
    .check(z.gte(1, V.itemQuantity), z.lte(S.physicalQuantityMax, V.itemQuantity)),
  payment_method: z.literal('point', { error: V.required }),
  use_original_points: z._default(z.boolean(), false),
  agree_terms: agreeTerms,
  /** The client's idempotency key: a retried request buys once. */
  key: purchaseKey,
  /** The total the buyer confirmed: a changed price answers 409 purchase_changed. */
  expected_points: z.int({ error: V.required }),
});
export type PurchaseRequest = z.infer<typeof purchaseRequest>;

export const purchaseResponse = z.object({
  order_id: z.string(),
  /** One purchase log (library entry) per line. */
  line_ids: z.array(z.string()),
  points: z.int(),
  parts: z.array(z.object({ kind: z.string(), issuer_id: z.nullable(z.string()), points: z.int() })),
  balance: balanceView,
  replayed: z.boolean(),
});
export type PurchaseResponse = z.infer<typeof purchaseResponse>;

// ---------------------------------------------------------------------------------------------
// The cart (mypage-cart): GET /mypage/cart, POST /mypage/cart, /mypage/cart/delete, /mypage/cart/checkout

export const cartSetRequest = z.object({
  item_id: itemIdSchema,
  quantity: z
    .int({ error: V.itemQuantity })
    .check(z.gte(1, V.itemQuantity), z.lte(S.physicalQuantityMax, V.itemQuantity)),
});
export const cartDeleteRequest = z.object({ item_id: itemIdSchema });
export const cartLineView = z.object({
  item: itemCard,
  creator: z.object({ id: z.string(), username: z.nullable(z.string()), nickname: z.nullable(z.string()) }),
  quantity: z.int(),
  max_quantity: z.int(),
  /** Points of this line (unit points × quantity). */
  points: z.int(),
  /** Null when the line can be bought now, else the refusal's error code (sold out, ended…). */
  refusal: z.nullable(z.string()),
});
export const cartResponse = z.object({
  lines: z.array(cartLineView),
  total_points: z.int(),
  balance: balanceView,
  /** Original points the buyer holds per creator of the cart. */
  original_points: z.record(z.string(), z.int()),
});
export type CartResponse = z.infer<typeof cartResponse>;
export const cartCheckoutRequest = z.object({
  use_original_points: z._default(z.boolean(), false),
  agree_terms: agreeTerms,
  key: purchaseKey,
  expected_points: z.int({ error: V.required }),
});

// ---------------------------------------------------------------------------------------------
// Library and purchase history: GET /mypage/library/purchase-log-list/{a}/{b}, /purchase-log/{id}

/** `{a}`: the library (everything, kept forever) or the history (the last `historyDays`). */
export const libraryViews = ['library', 'history'] as const;
/** `{b}`: every type, or one. */
export const libraryFilters = profileItemFilters;

/** `?cursor=` of the paged shop lists (library, history, sales status): sealed by lib/http.ts. */
export const shopPageQuery = z.object({ cursor: z.optional(z.string().check(z.maxLength(1024))) });

export const returnGiftView = z.object({
  message: z.nullable(z.string()),
  /** The photo or video, through a presigned GET minted for this view (5 minutes). */
  file: z.nullable(z.object({ kind: z.enum(['photo', 'video']), url: z.string() })),
  sent_at: z.string(),
});

export const purchaseLogRow = z.object({
  id: z.string(),
  order_id: z.string(),
  item: z.object({
    id: z.string(),
    name: z.string(),
    item_type: z.enum(itemTypes),
    thumbnail: z.nullable(z.string()),
    /** Deleted by its creator: still in the library with its files. */
    deleted: z.boolean(),
  }),
  creator: z.object({ id: z.string(), username: z.nullable(z.string()), nickname: z.nullable(z.string()) }),
  quantity: z.int(),
  points: z.int(),
  purchased_at: z.string(),
  provided: z.boolean(),
  has_gift: z.boolean(),
});
export type PurchaseLogRow = z.infer<typeof purchaseLogRow>;
export const purchaseLogListResponse = z.object({
  logs: z.array(purchaseLogRow),
  next_cursor: z.nullable(z.string()),
});
export type PurchaseLogListResponse = z.infer<typeof purchaseLogListResponse>;

export const contentFileView = z.object({
  kind: z.enum(['image', 'zip', 'video']),
  name: z.string(),
  content_type: z.string(),
  size: z.nullable(z.int()),
  /** Presigned GET minted for this view (inline for images and videos). */
  url: z.string(),
  /** Presigned GET with `Content-Disposition: attachment` and the file's name. */
  download_url: z.string(),
});
export const purchaseLogDetail = z.object({
  ...purchaseLogRow.shape,
  /** Digital items: the files, through URLs that expire at `urls_expire_at` (5 minutes). */
  contents: z.array(contentFileView),
  urls_expire_at: z.nullable(z.string()),
  gift: z.nullable(returnGiftView),
});
export type PurchaseLogDetail = z.infer<typeof purchaseLogDetail>;

// ---------------------------------------------------------------------------------------------
// Sales status: GET /item/sales-status/{id}, POST …/complete, …/complete-all, …/upload-return

/** `{id}` of `GET /item/sales-status/{id}`: one item's lines, or `all`. */
export const salesLineView = z.object({
  id: z.string(),
  item: z.object({ id: z.string(), name: z.string(), item_type: z.enum(itemTypes) }),
  buyer: z.object({
    id: z.string(),
    nickname: z.nullable(z.string()),
    profile_image: z.nullable(z.string()),
  }),
  quantity: z.int(),
  points: z.int(),
  purchased_at: z.string(),
  provided: z.boolean(),
  provided_at: z.nullable(z.string()),
  gift: z.nullable(returnGiftView),
});
export type SalesLineView = z.infer<typeof salesLineView>;
export const salesStatusResponse = z.object({
  lines: z.array(salesLineView),
  /** Physical lines not provided yet (of the item, or of the shop for `all`). */
  pending: z.int(),
  next_cursor: z.nullable(z.string()),
});
export type SalesStatusResponse = z.infer<typeof salesStatusResponse>;
export const salesCompleteRequest = z.object({
  id: z.string({ error: V.itemId }).check(z.regex(LINE_ID_RE, V.itemId)),
  is_completed: z.boolean({ error: V.required }),
});
export const salesCompleteAllRequest = z.object({ item_id: z.optional(itemIdSchema) });
export const salesCompleteAllResponse = z.object({ updated: z.int() });
export const uploadReturnRequest = z
  .object({
    id: z.string({ error: V.itemId }).check(z.regex(LINE_ID_RE, V.itemId)),
    message: z._default(
      textSchema({ max: S.returnGiftMessageMax, maxMessage: V.returnGiftMessageMax, multiline: true }),
      '',
    ),
    file: z._default(z.nullable(z.string().check(z.regex(GIFT_UPLOAD_RE, V.returnGiftContent))), null),
  })
  .check(
    z.refine((b) => b.message !== '' || b.file !== null, { error: V.returnGiftContent, path: ['message'] }),
  );

// ---------------------------------------------------------------------------------------------
// Original points granted by a creator (from sales status or the chat room)

export const grantPointsRequest = z.object({
  fan_id: z.string({ error: V.chatPeer }).check(z.regex(PROFILE_ID_RE, V.chatPeer)),
  points: z
    .int({ error: V.grantPoints })
    .check(z.gte(S.grantMinPoints, V.grantPoints), z.lte(S.grantMaxPoints, V.grantPoints)),
  key: purchaseKey,
});
export const grantPointsResponse = z.object({
  points: z.int(),
  expires_at: z.string(),
  replayed: z.boolean(),
});
export type GrantPointsResponse = z.infer<typeof grantPointsResponse>;

// ---------------------------------------------------------------------------------------------
// The realtime purchase log: GET /shop/recent-purchase-logs/{id}, and its WebSocket push

export const purchaseLogEntry = z.object({
  id: z.string(),
  item: z.object({ id: z.string(), name: z.string(), thumbnail: z.nullable(z.string()) }),
  /** Null: an anonymous supporter (`is_anonymous_open_log`). */
  buyer: z.nullable(z.object({ nickname: z.nullable(z.string()), profile_image: z.nullable(z.string()) })),
  purchased_at: z.string(),
});
export type PurchaseLogEntry = z.infer<typeof purchaseLogEntry>;
export const recentPurchaseLogsResponse = z.object({ logs: z.array(purchaseLogEntry) });
/** The WebSocket push of a new entry to the sockets watching the creator's profile (`{type: 'watch', creator_id}`). */
export const purchaseLogPush = z.object({
  type: z.literal('purchase_log'),
  creator_id: z.string(),
  entry: purchaseLogEntry,
});
export type PurchaseLogPush = z.infer<typeof purchaseLogPush>;

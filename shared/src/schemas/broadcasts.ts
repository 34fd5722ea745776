/**
 * Scheduled (reserve) and trigger broadcasts, the creator's side (issue 15; DECISIONS.md
 * "Broadcasts"; spec section 5): the forms' requests, the list and detail views, and the upload
 * URL of a broadcast's photo or video. The rules are shared/src/broadcasts.ts's; the scheduled
 * time's window (on the server's clock) is checked by the service.
 */
import * as z from 'zod/mini';
import {
  broadcastMessageParams,
  isValidWindow,
  RESERVE_CONDITIONS,
  type ReserveCondition,
  reserveNeedsHours,
  TRIGGER_CONDITIONS,
  type TriggerCondition,
  triggerNeedsHours,
} from '../broadcasts.ts';
import { businessConfig } from '../config.ts';
import { mediaConfig, mediaPurposes } from '../media.ts';
import { textSchema, ULID_RE, V } from '../validation.ts';
import { uploadUrlView } from './uploads.ts';

const B = businessConfig.broadcasts;

export { broadcastMessageParams };

export const broadcastIdSchema = z.string({ error: V.required }).check(z.regex(ULID_RE, V.required));

// ---------------------------------------------------------------------------------------------
// Files: POST /broadcasting/upload-url {content_type}

export const broadcastUploadPurposes = ['broadcastPhoto', 'broadcastVideo'] as const;
export type BroadcastUploadPurpose = (typeof broadcastUploadPurposes)[number];
const folders = broadcastUploadPurposes.map((n) => mediaPurposes[n].folder).join('|');
/** A new upload of the form: `uploads/<folder>/<creator>/<creator>-<uuid>.<ext>`. */
export const BROADCAST_UPLOAD_RE = new RegExp(
  `^${mediaConfig.prefixes.uploads}(${folders})/[A-Za-z0-9_-]{1,140}/[A-Za-z0-9_-]{1,140}\\.[A-Za-z0-9]{1,8}$`,
);
/** A file a broadcast already holds (its processed key). */
export const BROADCAST_FILE_RE = new RegExp(
  `^${mediaConfig.prefixes.private}(${folders})/[A-Za-z0-9_-]{1,140}/[A-Za-z0-9_-]{1,200}/[a-z0-9]{1,20}\\.[a-z0-9]{1,8}$`,
);

/** The purpose (photo or video) that takes a content type, or null. */
export const broadcastPurposeOf = (contentType: string): BroadcastUploadPurpose | null =>
  broadcastUploadPurposes.find((p) => contentType in mediaPurposes[p].types) ?? null;

export const broadcastUploadUrlRequest = z.object({
  content_type: z.string({ error: V.mediaType }).check(z.maxLength(100, V.mediaType)),
});
export { uploadUrlView };

// ---------------------------------------------------------------------------------------------
// Chats: an ordered list, each a message or a file

const chatFileRef = z.string({ error: V.broadcastFile }).check(
  z.maxLength(400, V.broadcastFile),
  z.refine((s) => BROADCAST_UPLOAD_RE.test(s) || BROADCAST_FILE_RE.test(s), V.broadcastFile),
);

export const chatKinds = ['text', 'file'] as const;
export type ChatKind = (typeof chatKinds)[number];

/** A chat of the form: a message (`text`) or a file (`file`: a new upload key or a key it holds). */
export const broadcastChatInput = z
  .object({
    kind: z.enum(chatKinds, { error: V.broadcastChat }),
    text: z._default(textSchema({ max: B.textMax, maxMessage: V.broadcastTextMax, multiline: true }), ''),
    file: z._default(z.nullable(chatFileRef), null),
  })
  .check(
    z.refine((c) => c.kind !== 'text' || c.text !== '', { error: V.broadcastChat, path: ['text'] }),
    z.refine((c) => c.kind !== 'file' || c.file !== null, { error: V.broadcastChat, path: ['file'] }),
  );
export type BroadcastChatInput = z.infer<typeof broadcastChatInput>;

const chatsSchema = z
  .array(broadcastChatInput, { error: V.broadcastChatsMin })
  .check(z.minLength(1, V.broadcastChatsMin), z.maxLength(B.chatsMax, V.broadcastChatsMax));

/** A chat as the creator sees it: the message, or the file's key and a presigned GET of it (preview). */
export const broadcastChatView = z.object({
  kind: z.enum(chatKinds),
  text: z.nullable(z.string()),
  file: z.nullable(z.string()),
  file_url: z.nullable(z.string()),
  /** 'image' or 'video' for a file. */
  file_type: z.nullable(z.enum(['image', 'video'])),
});
export type BroadcastChatView = z.infer<typeof broadcastChatView>;

export const broadcastCountsView = z.object({
  targeted: z.int(),
  delivered: z.int(),
  blocked: z.int(),
  closed: z.int(),
  left: z.int(),
  failed: z.int(),
});

/** A number field of the form: whole, in range, with the field's message. */
const hoursSchema = (message: string, min: number, max: number) =>
  z.int({ error: message }).check(z.gte(min, message), z.lte(max, message));

/** A condition code of the list (the select's value), else 'Select the condition of users to deliver to'. */
const conditionSchema = (codes: readonly number[]) =>
  z.int({ error: V.broadcastCondition }).check(z.refine((c) => codes.includes(c), V.broadcastCondition));

const conditionHours = z._default(
  z.nullable(hoursSchema(V.broadcastHours, B.conditionHoursMin, B.conditionHoursMax)),
  null,
);

// ---------------------------------------------------------------------------------------------
// Scheduled broadcasts: GET /broadcasting/reserve/list/{id} (own id, paged),
// GET /broadcasting/reserve/{id}, POST /broadcasting/reserve, POST /broadcasting/reserve/delete,
// POST /broadcasting/reserve/retry

export const reserveSaveRequest = z
  .object({
    /** Absent: a new scheduled broadcast. */
    id: z.optional(broadcastIdSchema),
    /** The version the edit was made from (required with `id`): another answers broadcast_conflict. */
    version: z.optional(z.int({ error: V.required })),
    condition: conditionSchema(RESERVE_CONDITIONS),
    /** The inactivity condition's hours (condition 2 only; ignored for the others). */
    hours: conditionHours,
    /** When to send (ISO 8601 with an offset): 5 minutes to 90 days ahead, on the server's clock. */
    reserved_at: z.iso.datetime({ offset: true, error: V.broadcastReservedAtInvalid }),
    chats: chatsSchema,
  })
  .check(
    z.refine((r) => !reserveNeedsHours(r.condition as ReserveCondition) || r.hours !== null, {
      error: V.broadcastHours,
      path: ['hours'],
    }),
    z.refine((r) => r.id === undefined || r.version !== undefined, {
      error: V.required,
      path: ['version'],
    }),
  );
export type ReserveSaveRequest = z.infer<typeof reserveSaveRequest>;

export const broadcastDeleteRequest = z.object({
  id: broadcastIdSchema,
  /** The version shown: another answers broadcast_conflict (absent: the current one). */
  version: z.optional(z.int({ error: V.required })),
});
export type BroadcastDeleteRequest = z.infer<typeof broadcastDeleteRequest>;
export const broadcastIdRequest = z.object({ id: broadcastIdSchema });

export const reserveView = z.object({
  id: z.string(),
  condition: z.int(),
  hours: z.nullable(z.int()),
  reserved_at: z.string(),
  chats: z.array(broadcastChatView),
  /** 0 not sent, 1 sending, 2 completed, 3 error. */
  status: z.int(),
  counts: broadcastCountsView,
  /** Only a reserve not sent yet can be edited or deleted. */
  editable: z.boolean(),
  version: z.int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ReserveView = z.infer<typeof reserveView>;
export const reserveResponse = z.object({ reserve: reserveView });
export type ReserveResponse = z.infer<typeof reserveResponse>;

/** How many of the creator's limit are taken (pending scheduled broadcasts, or triggers). */
export const quotaView = z.object({ used: z.int(), max: z.int() });
export type QuotaView = z.infer<typeof quotaView>;

export const reserveListResponse = z.object({
  /** Newest first (scheduled and sent ones together: the sent ones are the history). */
  reserves: z.array(reserveView),
  quota: quotaView,
  next_cursor: z.nullable(z.string()),
});
export type ReserveListResponse = z.infer<typeof reserveListResponse>;
export const reservePageQuery = z.object({ cursor: z.optional(z.string().check(z.maxLength(1024))) });

// ---------------------------------------------------------------------------------------------
// Trigger broadcasts: GET /broadcasting/trigger/list/{id} (own id), GET /broadcasting/trigger/{id},
// POST /broadcasting/trigger, POST /broadcasting/trigger/delete

const windowHour = (min: number, max: number) =>
  z.int({ error: V.broadcastWindow }).check(z.gte(min, V.broadcastWindow), z.lte(max, V.broadcastWindow));

export const triggerSaveRequest = z
  .object({
    id: z.optional(broadcastIdSchema),
    version: z.optional(z.int({ error: V.required })),
    condition: conditionSchema(TRIGGER_CONDITIONS),
    /** Conditions 4 and 5 only (ignored for the others). */
    hours: conditionHours,
    exclude_duplicated: z._default(z.boolean({ error: V.required }), true),
    interval_hours: hoursSchema(V.broadcastInterval, B.intervalHoursMin, B.intervalHoursMax),
    /** The JST delivery window: from `window_start`:00 (0-23) to `window_end`:00 (1-24). */
    window_start: windowHour(0, 23),
    window_end: windowHour(1, 24),
    chats: chatsSchema,
  })
  .check(
    z.refine((r) => !triggerNeedsHours(r.condition as TriggerCondition) || r.hours !== null, {
      error: V.broadcastHours,
      path: ['hours'],
    }),
    z.refine((r) => isValidWindow({ start: r.window_start, end: r.window_end }), {
      error: V.broadcastWindow,
      path: ['window_end'],
    }),
    z.refine((r) => r.id === undefined || r.version !== undefined, {
      error: V.required,
      path: ['version'],
    }),
  );
export type TriggerSaveRequest = z.infer<typeof triggerSaveRequest>;

export const triggerView = z.object({
  id: z.string(),
  condition: z.int(),
  hours: z.nullable(z.int()),
  exclude_duplicated: z.boolean(),
  interval_hours: z.int(),
  window_start: z.int(),
  window_end: z.int(),
  chats: z.array(broadcastChatView),
  counts: broadcastCountsView,
  version: z.int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TriggerView = z.infer<typeof triggerView>;
export const triggerResponse = z.object({ trigger: triggerView });
export type TriggerResponse = z.infer<typeof triggerResponse>;
export const triggerListResponse = z.object({ triggers: z.array(triggerView), quota: quotaView });
export type TriggerListResponse = z.infer<typeof triggerListResponse>;

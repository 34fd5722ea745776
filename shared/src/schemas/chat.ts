/** Contracts of the chat: chatrooms, messages, history, read state (spec section 7 "Chat"). */
import * as z from 'zod/mini';
import { businessConfig } from '../config.ts';
import { CHAT_PHOTO_TYPES, mediaConfig, mediaPurposes, VIDEO_TYPES } from '../media.ts';
import { CHATROOM_ID_RE, MESSAGE_ID_RE, PROFILE_ID_RE, textSchema, V } from '../validation.ts';
import { balanceView } from './points.ts';

const C = businessConfig.chat;

export { CHATROOM_ID_RE, MESSAGE_ID_RE, PROFILE_ID_RE } from '../validation.ts';

export const chatroomIdSchema = z
  .string({ error: V.chatroomId })
  .check(z.regex(CHATROOM_ID_RE, V.chatroomId));
export const profileIdSchema = z.string({ error: V.chatPeer }).check(z.regex(PROFILE_ID_RE, V.chatPeer));

export const chatroomStatuses = ['open', 'closed'] as const;
/** Which side of the room the reader is on: the creator, or the fan (or shop owner) who pays. */
export const chatSides = ['creator', 'fan'] as const;
export const messageKinds = ['text', 'file', 'stamp'] as const;
/** 'deleted by the sender' or 'deleted due to terms'. */
export const deletedReasons = ['sender', 'terms'] as const;

export const peerView = z.object({
  id: z.string(),
  role_id: z.int(),
  username: z.nullable(z.string()),
  nickname: z.nullable(z.string()),
  profile_image: z.nullable(z.string()),
});
export type PeerView = z.infer<typeof peerView>;

export const messageView = z.object({
  id: z.string(),
  chatroom_id: z.string(),
  sender_id: z.string(),
  kind: z.enum(messageKinds),
  /** Null when the message is a file or a stamp, or was deleted. */
  text: z.nullable(z.string()),
  /** Key of the processed file (`private/…`, media bucket); null otherwise or when deleted. */
  file: z.nullable(z.string()),
  /** A presigned GET URL of the file, valid `fileUrlSeconds`; null when there is no file (always sent). */
  file_url: z.optional(z.nullable(z.string())),
  stamp_id: z.nullable(z.string()),
  /**
   * A stamp's names and uploaded picture as the catalogue holds them (retired stamps included);
   * absent for other messages, and for stamps the web client knows by id (the bundled ones).
   */
  stamp: z.optional(
    z.object({ name: z.object({ ja: z.string(), en: z.string() }), picture_url: z.nullable(z.string()) }),
  ),
  /** Points the sender paid (0 for free replies). */
  cost: z.int(),
  deleted: z.nullable(z.enum(deletedReasons)),
  /** A creator's broadcast (scheduled or trigger) message; absent on other messages. */
  broadcast: z.optional(z.boolean()),
  created_at: z.string(),
});
export type MessageView = z.infer<typeof messageView>;

export const lastMessageView = z.object({
  id: z.string(),
  kind: z.enum(messageKinds),
  /** The start of a text; null for files and stamps, and once deleted. */
  preview: z.nullable(z.string()),
  sender_id: z.string(),
  deleted: z.boolean(),
  at: z.string(),
});

export const chatroomSummary = z.object({
  id: z.string(),
  status: z.enum(chatroomStatuses),
  side: z.enum(chatSides),
  peer: peerView,
  unread: z.int(),
  last_message: z.nullable(lastMessageView),
  /** The last message's time, or the room's creation time before any message. */
  last_message_at: z.string(),
  muted: z.boolean(),
  /** I blocked the peer. */
  blocked: z.boolean(),
  /** The peer blocked me: I cannot send. */
  blocked_by_peer: z.boolean(),
  reported: z.boolean(),
});
export type ChatroomSummary = z.infer<typeof chatroomSummary>;

export const chatroomListQuery = z.object({ cursor: z.optional(z.string().check(z.maxLength(1024))) });
export const chatroomListResponse = z.object({
  chatrooms: z.array(chatroomSummary),
  /** Unread messages over all my chatrooms (the header badge). */
  unread_total: z.int(),
  next_cursor: z.nullable(z.string()),
});
export type ChatroomListResponse = z.infer<typeof chatroomListResponse>;

export const chatroomDetail = z.extend(chatroomSummary, {
  /**
   * False while the room does not exist yet (`/chatroom/{username}` before the first message):
   * nothing was written, `id` is the room the first message creates, and there is no history.
   */
  exists: z.boolean(),
  chat: z.object({
    /** Whether my text messages cost points (fan side) or are free (creator side). */
    pays: z.boolean(),
    /** Today's price of one text message in points (the creator's effective price). */
    cost: z.int(),
    /** The creator locked paid chat ('This user's chat function is currently locked.'). */
    locked: z.boolean(),
    /** The creator refuses free points (leaves): only mushrooms and their original points pay. */
    reject_free_points: z.boolean(),
    /** Points I can use in this room now (leaves unless refused, the creator's original points, mushrooms). */
    usable_points: z.nullable(z.int()),
  }),
  /** My balances (fan side only). */
  balance: z.nullable(balanceView),
  /** When the peer last read the room (read receipt). */
  peer_read_at: z.nullable(z.string()),
});
export type ChatroomDetail = z.infer<typeof chatroomDetail>;

/** Spec: `{profile_id, username}`; either one names the other member. */
export const createChatroomRequest = z
  .object({
    profile_id: z.optional(profileIdSchema),
    username: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(64))),
  })
  .check(
    z.refine((b) => b.profile_id !== undefined || b.username !== undefined, {
      error: V.chatPeer,
      path: ['profile_id'],
    }),
  );
export type CreateChatroomRequest = z.input<typeof createChatroomRequest>;

export const chatHistoryQuery = z.object({
  /** `older` (default): messages before the cursor, newest first. `newer`: after it, oldest first (catch-up). */
  direction: z._default(z.enum(['older', 'newer']), 'older'),
});
export const chatHistoryResponse = z.object({
  messages: z.array(messageView),
  /** Pass as `{b}` for the next page in the same direction; null at the end. */
  next_cursor: z.nullable(z.string()),
});
export type ChatHistoryResponse = z.infer<typeof chatHistoryResponse>;

/** The file types a chat accepts (photos and videos: shared/src/media.ts), with the extension their upload keys get. */
export const chatFileTypes = { ...CHAT_PHOTO_TYPES, ...VIDEO_TYPES } as const;
export type ChatFileType = keyof typeof chatFileTypes;

/** `POST /chat/upload-url`: where to POST a file before sending it with `POST /chat {file: key}`. */
export const uploadUrlRequest = z.object({
  chatroom_id: chatroomIdSchema,
  content_type: z.enum(Object.keys(chatFileTypes) as [ChatFileType, ...ChatFileType[]], {
    error: V.chatFile,
  }),
});
export const uploadUrlResponse = z.object({
  key: z.string(),
  /**
   * POST a multipart form here within `expires_in` seconds: every field of `fields` in order,
   * then the file as `file`. The policy fixes the key, the Content-Type and the size range.
   */
  url: z.string(),
  fields: z.record(z.string(), z.string()),
  expires_in: z.int(),
  max_bytes: z.int(),
});
export type UploadUrlResponse = z.infer<typeof uploadUrlResponse>;

/** Uploaded chat files live under `uploads/chat-photo|chat-video/<chatroomId>/<senderId>-<uuid>.<ext>`. */
export const CHAT_FILE_RE = new RegExp(
  `^${mediaConfig.prefixes.uploads}(${mediaPurposes.chatPhoto.folder}|${mediaPurposes.chatVideo.folder})/[A-Za-z0-9_-]{3,140}/[A-Za-z0-9_-]{1,80}\\.[A-Za-z0-9]{1,8}$`,
);

export const sendMessageRequest = z
  .object({
    chatroom_id: chatroomIdSchema,
    /** The client's idempotency key of this message: a retry with the same uuid sends and charges once. */
    uuid: z.uuid({ error: V.messageKey }),
    text: z.optional(
      textSchema({
        max: C.messageMaxLength,
        maxMessage: V.messageMax,
        required: V.messageContent,
        multiline: true,
      }),
    ),
    file: z.optional(z.string().check(z.regex(CHAT_FILE_RE, V.chatFile))),
    stamp_id: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
    /** Stamps: pay with the creator's original points first (DECISIONS.md: opt-in). Chat always uses them. */
    use_original_points: z._default(z.boolean(), false),
  })
  .check(
    z.refine((b) => [b.text, b.file, b.stamp_id].filter((v) => v !== undefined).length === 1, {
      error: V.messageContent,
      path: ['text'],
    }),
  );
export type SendMessageRequest = z.input<typeof sendMessageRequest>;

export const sendMessageResponse = z.object({
  message: messageView,
  /** Points this message cost (0 for free replies). */
  points: z.int(),
  /** True when this uuid had been sent already: nothing new was stored or charged. */
  replayed: z.boolean(),
});
export type SendMessageResponse = z.infer<typeof sendMessageResponse>;

/** `id` = `<chatroomId>.<messageId>` (C7). */
export const deleteMessageRequest = z.object({
  id: z
    .string({ error: V.required })
    .check(
      z.regex(new RegExp(`^${CHATROOM_ID_RE.source.slice(1, -1)}\\.${MESSAGE_ID_RE.source.slice(1, -1)}$`)),
    ),
});
export const deleteMessageResponse = z.object({ message: messageView });

/** Spec: `{profile_id, chatroom_id}`; the reader is the caller, `profile_id` is ignored. */
export const readChatroomRequest = z.object({
  chatroom_id: chatroomIdSchema,
  profile_id: z.optional(z.string()),
});
export const readChatroomResponse = z.object({ unread_total: z.int() });

export const stampView = z.object({
  id: z.string(),
  name: z.string(),
  cost: z.int(),
  /** An uploaded picture (console, issue 17); null: the picture bundled with the web client for this id. */
  picture_url: z.nullable(z.string()),
});
/** `POST /chatroom/open-stamp`: the catalogue (names in the request's language) and my balances. */
export const openStampResponse = z.object({ stamps: z.array(stampView), balance: balanceView });
export type OpenStampResponse = z.infer<typeof openStampResponse>;

/** `POST /mute`: toggles (or sets, with `muted`) notices of a room off for me. */
export const muteRequest = z.object({ chatroom_id: chatroomIdSchema, muted: z.optional(z.boolean()) });
export const muteResponse = z.object({ muted: z.boolean() });

/** `POST /block`: toggles (or sets, with `blocked`) my block of the room's peer, or of a profile. */
export const blockRequest = z
  .object({
    chatroom_id: z.optional(chatroomIdSchema),
    profile_id: z.optional(profileIdSchema),
    blocked: z.optional(z.boolean()),
  })
  .check(
    z.refine((b) => (b.chatroom_id === undefined) !== (b.profile_id === undefined), {
      error: V.chatPeer,
      path: ['profile_id'],
    }),
  );
export const blockResponse = z.object({ blocked: z.boolean() });

export const blockCheckRequest = z.object({ profile_id: profileIdSchema });
export const blockCheckResponse = z.object({
  /** I blocked them. */
  blocked: z.boolean(),
  /** They blocked me. */
  blocked_by_peer: z.boolean(),
});

/** Report types of spec section 3: 1 spam, 2 inappropriate content, 3 harassment, 4 other. */
export const reportTypes = [1, 2, 3, 4] as const;
export const reportRequest = z
  .object({
    type: z.union(
      reportTypes.map((t) => z.literal(t)),
      { error: V.reportType },
    ),
    detail: z._default(
      textSchema({ max: C.reportDetailMax, maxMessage: V.reportDetail, multiline: true }),
      '',
    ),
    chatroom_id: z.optional(chatroomIdSchema),
    profile_id: z.optional(profileIdSchema),
    message_id: z.optional(z.string().check(z.regex(MESSAGE_ID_RE))),
  })
  .check(
    z.refine((b) => b.chatroom_id !== undefined || b.profile_id !== undefined, {
      error: V.chatPeer,
      path: ['profile_id'],
    }),
  );
export const reportResponse = z.object({ reported: z.literal(true) });

/** What the WebSocket pushes to every connection of a member. */
export type ChatPush =
  | { type: 'message'; message: MessageView }
  | { type: 'message_deleted'; message: MessageView }
  | { type: 'unread'; chatroom_id: string; unread: number; unread_total: number }
  | { type: 'read'; chatroom_id: string; reader_id: string; read_at: string };

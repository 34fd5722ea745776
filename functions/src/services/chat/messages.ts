/**
 * Messages (C4-C7, T1, T2). A fan's message costs the creator's price of today through the
 * ledger, with the message, the recipient's room row and unread counter in the ledger's own
 * transaction: a message is stored if and only if it was paid. A creator's reply is free (T2).
 * A sender's uuid is the idempotency key of both (hash of sender and uuid): a paid message's
 * ledger txId (its journal item is the replay guard and names the message), a free one's replay
 * key item. A retried send stores, charges and pushes once and answers with the first message.
 * Both rows' last message and the list order follow from the stream (`streams/chat-rooms`).
 */
import { effectiveChatCost, membersOf } from '@app/shared/chat';
import { businessConfig } from '@app/shared/config';
import {
  CHATROOM_ID_RE,
  type ChatHistoryResponse,
  type ChatPush,
  MESSAGE_ID_RE,
  type MessageView,
  type SendMessageResponse,
  type sendMessageRequest,
} from '@app/shared/schemas/chat';
import { jstDate } from '@app/shared/time';
import type * as z from 'zod/mini';
import { isConditionFailure } from '../../db/errors.ts';
import { ttlAt } from '../../db/keys.ts';
import type { ProfileItem } from '../../lib/auth.ts';
import { sha256, timeId } from '../../lib/crypto.ts';
import { AppError } from '../../lib/errors.ts';
import { logger } from '../../lib/logger.ts';
import { recordPaidMessage } from '../../lib/metrics.ts';
import { type CatalogueCampaign, cachedCampaign, forgetCatalogue } from '../catalog/catalogue.ts';
import { discardUpload, type ProcessedMedia } from '../media/pipeline.ts';
import { type ExtraItems, spend } from '../points/ledger.ts';
import { readBusiness } from './business.ts';
import { prepareChatFile, withFileUrls } from './files.ts';
import { applyDeletion } from './room-activity.ts';
import {
  type ChatDeps,
  openRoomOf,
  pushAll,
  pushSeveral,
  type RoomTarget,
  readProfile,
  readRoom,
  roomCreation,
  roomTarget,
  unreadShardOf,
  unreadTotal,
} from './rooms.ts';
import { sendableStamp, withStamps } from './stamps.ts';
import { type MessageItem, messageView, type RoomItem } from './views.ts';

const C = businessConfig.chat;
const DAY_MS = 86_400_000;

type SendRequest = z.output<typeof sendMessageRequest>;

/** The idempotency key of a sender's message: also the ledger's txId of a paid one. */
export const messageKeyOf = (senderId: string, uuid: string) => sha256(`chat:${senderId}:${uuid}`);

/** The ledger target of a paid message: the message it paid for (read back by a replay). */
const paidTargetOf = (chatroomId: string, messageId: string) => `message:${chatroomId}.${messageId}`;

function messageIdOfTarget(target: string | undefined, chatroomId: string): string | null {
  const prefix = `message:${chatroomId}.`;
  return target?.startsWith(prefix) ? target.slice(prefix.length) : null;
}

/**
 * The first answer to a uuid already used, or null when it was never stored: a free message's
 * replay key item, or a paid message's journal item (its txId is the key, its target the message).
 */
async function replayOf(
  deps: ChatDeps,
  chatroomId: string,
  key: string,
): Promise<SendMessageResponse | null> {
  const { db } = deps;
  const [{ data: marker }, { data: journal }] = await Promise.all([
    db.entities.messageKey.get({ chatroomId, key }).go({ consistent: true }),
    db.entities.journal.get({ txId: key }).go({ consistent: true }),
  ]);
  const messageId = marker?.messageId ?? messageIdOfTarget(journal?.target, chatroomId);
  if (!messageId) return null;
  const { data: message } = await db.entities.message.get({ chatroomId, messageId }).go({ consistent: true });
  if (!message) return null;
  const [view] = (await withStamps(deps, await withFileUrls(deps, [messageView(message)]))) as [MessageView];
  return { message: view, points: message.cost, replayed: true };
}

/** Why a send was refused, read again after a cancelled transaction; null when nothing changed. */
async function refusalNow(deps: ChatDeps, me: string, chatroomId: string, paidChat: boolean) {
  const row = await readRoom(deps.db, me, chatroomId, true);
  if (!row) return new AppError('chatroom_not_found');
  if (row.status === 'closed') return new AppError('chatroom_closed');
  if (row.blocked) return new AppError('chat_you_blocked');
  if (row.blockedByPeer) return new AppError('chat_blocked');
  if (paidChat) {
    const business = await readBusiness(deps.db, row.peerId, true);
    if (business?.chatLocked) return new AppError('chat_locked');
  }
  return null;
}

function refuseBlocked(row: RoomItem) {
  if (row.blocked) throw new AppError('chat_you_blocked');
  if (row.blockedByPeer) throw new AppError('chat_blocked');
}

/**
 * `POST /chat`: a text, an uploaded file or a stamp into a room the caller is a member of. A
 * refusal first looks for the uuid's earlier message: a retry of a message that went through
 * answers with it even if the room changed since (blocked, locked, price).
 */
export async function sendMessage(
  deps: ChatDeps,
  me: ProfileItem,
  req: SendRequest,
): Promise<SendMessageResponse> {
  try {
    return await send(deps, me, req);
  } catch (error) {
    if (!(error instanceof AppError) || error.status >= 500) throw error;
    const replay = CHATROOM_ID_RE.test(req.chatroom_id)
      ? await replayOf(deps, req.chatroom_id, messageKeyOf(me.profileId, req.uuid))
      : null;
    if (replay) return replay;
    throw error;
  }
}

async function send(deps: ChatDeps, me: ProfileItem, req: SendRequest): Promise<SendMessageResponse> {
  const chatroomId = req.chatroom_id;
  const senderId = me.profileId;
  // Read eventually: the transaction's condition on the recipient's row decides (a stale row only
  // refuses late, through refusalNow's consistent read). No row yet: this message creates the room.
  const target = await roomTarget(deps, me, chatroomId);
  refuseBlocked(target.row);
  if (req.file === undefined) return (await store(deps, me, req, target, null)).response;
  // The file is checked and processed before anything is paid; what was made of it is removed
  // again unless this message now points at it, and the upload goes once the message is stored.
  const file = await prepareChatFile(deps, senderId, chatroomId, req.file);
  let stored = false;
  try {
    const result = await store(deps, me, req, target, file);
    stored = result.stored;
    return result.response;
  } finally {
    if (stored) await discardUpload(deps, req.file).catch(logCleanupFailure);
    else await deps.media.deletePrefix(file.folder).catch(logCleanupFailure);
  }
}

function logCleanupFailure(error: unknown) {
  // The lifecycle rule removes an upload left behind; a processed file nothing points at is only storage.
  logger.warn('chat file clean-up failed', { error: error as Error });
}

/**
 * Stores (and charges) the message; `stored` is false for a replay of an earlier one. The first
 * message of a room creates it in the same transaction (C1's items in T1/T2); a cancellation
 * because the room was created meanwhile (the peer's first message, a second tap) is retried
 * against the room as it now is.
 */
async function store(
  deps: ChatDeps,
  me: ProfileItem,
  req: SendRequest,
  found: RoomTarget,
  file: ProcessedMedia | null,
): Promise<{ response: SendMessageResponse; stored: boolean }> {
  const { db } = deps;
  const chatroomId = req.chatroom_id;
  let target = found;
  const row = target.row;
  /** After a cancelled creation: the room as it is now (created by the other request, or still not). */
  const readAgain = async () => {
    if (!target.create) return;
    target = await roomTarget(deps, me, chatroomId, true);
    refuseBlocked(target.row);
  };
  const senderId = me.profileId;
  /** After a cancelled paid send: the stamp as it is now; changed or retired refuses (nothing was charged). */
  const refuseChangedStamp = async () => {
    if (!stamp || stamp.version === 0) return;
    const { data } = await db.entities.catalogStamp.get({ stampId: stamp.id }).go({ consistent: true });
    if (data?.active && data.cost === stamp.cost) return;
    forgetCatalogue(db);
    throw new AppError(data?.active ? 'stamp_changed' : 'stamp_not_found');
  };
  const replayed = (response: SendMessageResponse) => ({ response, stored: false });
  // The catalogue as this Lambda read it (≤ cacheSeconds old); the transaction checks it still holds.
  const stamp = req.stamp_id === undefined ? null : await sendableStamp(deps, req.stamp_id);
  const kind: MessageItem['kind'] = stamp ? 'stamp' : req.file !== undefined ? 'file' : 'text';
  const pays = row.side === 'fan';
  if (stamp && !pays) throw new AppError('creator_stamp');

  const key = messageKeyOf(senderId, req.uuid);
  const now = deps.clock.now();
  const nowIso = now.toISOString();
  const messageId = timeId(now);
  const peerId = row.peerId;

  let points = 0;
  let business: Awaited<ReturnType<typeof readBusiness>> = null;
  /** The campaign of the code the creator registered with (the chat campaign rate, shared/src/ledger.ts). */
  let payeeCampaign: CatalogueCampaign | null = null;
  /** A cast's organization, whose income the sale is (issue 16); read here, so the ledger need not. */
  let payeeOrganizationId: string | null = null;
  if (pays) {
    const [creator, settings] = await Promise.all([readProfile(db, peerId), readBusiness(db, peerId)]);
    if (creator?.status !== 'active') throw new AppError('creator_not_found');
    business = settings;
    // Paid chat only (stamps are gifts); read through the catalogue's cache.
    if (creator.campaignCode && !stamp) payeeCampaign = await cachedCampaign(deps, creator.campaignCode);
    payeeOrganizationId = creator.organizationId ?? null;
    if (kind !== 'stamp' && business?.chatLocked) throw new AppError('chat_locked');
    points = stamp ? stamp.cost : effectiveChatCost(business, jstDate(now));
  }
  const paidChat = pays && kind !== 'stamp';
  const allowLeaves = !(business?.rejectFreePoints ?? false);

  const message: MessageItem = {
    chatroomId,
    messageId,
    senderId,
    kind,
    ...(req.text !== undefined ? { text: req.text } : {}),
    ...(file ? { file: file.key } : {}),
    ...(stamp ? { stampId: stamp.id } : {}),
    cost: points,
    ...(pays ? { txId: key } : {}),
    createdAt: nowIso,
  };
  const items: ExtraItems = (e) => [
    e.message.create(message).commit(),
    // A free message's replay answer (a paid one's is its journal item, the ledger's txId guard).
    ...(pays
      ? []
      : [
          e.messageKey
            .create({
              chatroomId,
              key,
              messageId,
              ttl: ttlAt(new Date(now.getTime() + C.replayKeyDays * DAY_MS)),
            })
            .commit(),
        ]),
    // The recipient: unread + 1; refused when the room closed or either side blocked the other
    // (this row mirrors the sender's block as `blockedByPeer`, and closes with the sender's row).
    // The first message creates the room instead: both rows (the recipient's with its unread) once,
    // and the block edges checked as read (none: a block refuses before).
    ...(target.create
      ? roomCreation(e, target.create, { ownerId: peerId, unread: 1 })
      : [
          e.roomMember
            .patch({ ownerId: peerId, chatroomId })
            .add({ unread: 1 })
            .where(
              (a, op) =>
                `${op.eq(a.status, 'open')} AND ${op.eq(a.blocked, false)} AND ${op.eq(a.blockedByPeer, false)}`,
            )
            .commit(),
        ]),
    e.unreadShard
      .update({ profileId: peerId, shard: unreadShardOf(messageId) })
      .add({ chatUnread: 1 })
      .commit(),
    // A stored stamp: still sendable at the price charged (an operator may have changed it since
    // this Lambda read the catalogue). The configuration's stamps (not stored yet) never change.
    ...(stamp && stamp.version > 0
      ? [
          e.catalogStamp
            .check({ stampId: stamp.id })
            .where((a, op) => `${op.eq(a.active, true)} AND ${op.eq(a.cost, points)}`)
            .commit(),
        ]
      : []),
    // Paid chat: the creator's lock and refusal of free points as they were read.
    ...(paidChat
      ? [
          e.businessSettings
            .check({ profileId: peerId })
            .where((a, op) =>
              [
                `(${op.notExists(a.chatLocked)} OR ${op.eq(a.chatLocked, false)})`,
                ...(allowLeaves
                  ? [`(${op.notExists(a.rejectFreePoints)} OR ${op.eq(a.rejectFreePoints, false)})`]
                  : []),
              ].join(' AND '),
            )
            .commit(),
        ]
      : []),
  ];

  if (pays) {
    try {
      const result = await spend(deps, {
        holderId: senderId,
        purpose: stamp ? 'gift' : 'chat',
        payeeId: peerId,
        points,
        txId: key,
        target: paidTargetOf(chatroomId, messageId),
        // The income row's label only: replays still find the message through `target`.
        label: stamp ? { kind: 'stamp', name: stamp.id } : { kind: 'chat' },
        allowLeaves,
        useOriginal: req.use_original_points,
        payeeCampaign,
        payeeOrganizationId,
        extra: items,
        beforeRetry: async () => {
          await readAgain();
          await refuseChangedStamp();
        },
      });
      if (result.replayed) {
        const replay = await replayOf(deps, chatroomId, key);
        if (!replay) throw new AppError('idempotency_mismatch', 'paid but no message for the key');
        return replayed(replay);
      }
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      if (error.code === 'insufficient_points' && !stamp) throw new AppError('insufficient_chat_points');
      if (error.code === 'idempotency_mismatch') {
        // The same uuid was paid at another price (the day changed between two tries).
        const replay = await replayOf(deps, chatroomId, key);
        if (replay) return replayed(replay);
      }
      if (error.code === 'too_many_requests' && !target.create)
        throw (await refusalNow(deps, senderId, chatroomId, paidChat)) ?? error;
      throw error;
    }
    recordPaidMessage(points);
  } else {
    for (let attempt = 1; ; attempt++) {
      const result = await db.transaction.write(items).go();
      if (!result.canceled) break;
      const replay = await replayOf(deps, chatroomId, key);
      if (replay) return replayed(replay);
      if (target.create && attempt < C.sendAttempts) {
        await readAgain();
        continue;
      }
      throw (
        (target.create ? null : await refusalNow(deps, senderId, chatroomId, false)) ??
        new AppError('too_many_requests', 'free message conflicted')
      );
    }
  }

  const [view] = (await withStamps(deps, await withFileUrls(deps, [messageView(message)]))) as [MessageView];
  // Live pushes go directly after the commit (clients catch up from the history on reconnect);
  // the notices are written by the stream consumer `streams/chat-notices`. The recipient's unread
  // figures are read only when the recipient has a socket to receive them.
  const unreadPush = async (): Promise<ChatPush> => {
    const [unread, total] = await Promise.all([
      db.entities.roomMember.get({ ownerId: peerId, chatroomId }).go(),
      unreadTotal(db, peerId),
    ]);
    return { type: 'unread', chatroom_id: chatroomId, unread: unread.data?.unread ?? 1, unread_total: total };
  };
  await Promise.all([
    pushAll(deps, [[senderId, { type: 'message', message: view }]]),
    pushSeveral(deps, peerId, async () => [{ type: 'message', message: view }, await unreadPush()]),
  ]);
  return { response: { message: view, points, replayed: false }, stored: true };
}

/** A conditional write that lost (deleted already, a newer last message): nothing to do. */
function ignoreConditionFailure(error: unknown): undefined {
  if (!isConditionFailure(error)) throw error;
  return undefined;
}

const HIGHEST_ID = 'Z'.repeat(26);
const LOWEST_ID = '0';

/**
 * `GET /chat/{a}/{b}`: a page of the room's history. `b` = `latest` (the newest page) or a
 * message id: older messages before it (newest first), or with `direction=newer` the messages
 * after it (oldest first), to catch up after a reconnect.
 */
export async function chatHistory(
  deps: ChatDeps,
  me: string,
  chatroomId: string,
  cursor: string,
  direction: 'older' | 'newer',
): Promise<ChatHistoryResponse> {
  await openRoomOf(deps.db, me, chatroomId);
  const latest = cursor === 'latest';
  if (!latest && !MESSAGE_ID_RE.test(cursor)) throw new AppError('message_not_found');
  const size = C.historyPageSize;
  const q = deps.db.entities.message.query;
  const newer = !latest && direction === 'newer';
  // BETWEEN keeps the range inside the messages (the room item and replay keys sort before them).
  const query = latest
    ? q.byRoom({ chatroomId })
    : newer
      ? q.byRoom({ chatroomId }).between({ messageId: cursor }, { messageId: HIGHEST_ID })
      : q.byRoom({ chatroomId }).between({ messageId: LOWEST_ID }, { messageId: cursor });
  const { data } = await query.go({ order: newer ? 'asc' : 'desc', limit: size + 2 });
  const page = data.filter((m) => m.messageId !== cursor);
  const more = page.length > size;
  const messages = page.slice(0, size);
  return {
    messages: await withStamps(deps, await withFileUrls(deps, messages.map(messageView))),
    next_cursor: more ? (messages.at(-1)?.messageId ?? null) : null,
  };
}

/** Why a message was deleted: by its sender, or by the operators for breaking the terms. */
export type DeletionReason = NonNullable<MessageItem['deleted']>;

/**
 * The one way a message is deleted: the item stays with `deleted` and `deletedAt`, its text goes
 * (a file's key stays for the stream consumer that deletes its objects; readers never see it), on
 * the condition that it is not deleted yet (and, for its sender, that it is theirs). `extra` adds
 * the caller's items (the operators' report and audit entry) to the same transaction. Answers
 * whether this call deleted it; then `announceDeletion`.
 */
export async function removeMessage(
  deps: Pick<ChatDeps, 'db' | 'clock'>,
  key: { chatroomId: string; messageId: string },
  reason: DeletionReason,
  opts: { senderId?: string; extra?: ExtraItems } = {},
): Promise<boolean> {
  const fields = { deleted: reason, deletedAt: deps.clock.now().toISOString() };
  const unlessDeleted = <A extends { senderId: unknown; deleted: unknown }>(
    a: A,
    op: { eq: (x: A['senderId'], v: string) => string; notExists: (x: A['deleted']) => string },
  ) =>
    opts.senderId
      ? `${op.eq(a.senderId, opts.senderId)} AND ${op.notExists(a.deleted)}`
      : op.notExists(a.deleted);
  if (!opts.extra) {
    const done = await deps.db.entities.message
      .patch(key)
      .set(fields)
      .remove(['text'])
      .where(unlessDeleted)
      .go()
      .then(() => true)
      .catch(ignoreConditionFailure);
    return done === true;
  }
  const extra = opts.extra;
  const result = await deps.db.transaction
    .write((tx) => [
      tx.message.patch(key).set(fields).remove(['text']).where(unlessDeleted).commit(),
      ...extra(tx),
    ])
    .go();
  return !result.canceled;
}

/**
 * After a deletion: both members' rows drop the preview if it was their last message (as the
 * stream consumer does too, `streams/chat-rooms`), and their sockets get `message_deleted`.
 */
export async function announceDeletion(deps: ChatDeps, message: MessageItem): Promise<MessageView> {
  await applyDeletion(deps.db, message);
  const members = membersOf(message.chatroomId);
  const view = messageView(message);
  await pushAll(
    deps,
    (members ? [members.creatorId, members.otherId] : [message.senderId]).map((p) => [
      p,
      { type: 'message_deleted', message: view },
    ]),
  );
  return view;
}

/** `POST /chat/delete {id}` (`<chatroomId>.<messageId>`): the sender deletes their message. */
export async function deleteMessage(deps: ChatDeps, me: string, id: string) {
  const [chatroomId = '', messageId = ''] = id.split('.');
  const { data: message } = await deps.db.entities.message
    .get({ chatroomId, messageId })
    .go({ consistent: true });
  if (!message) throw new AppError('message_not_found');
  if (message.senderId !== me) throw new AppError('forbidden', 'only the sender deletes a message');
  if (message.deleted) return { message: messageView(message) };
  await removeMessage(deps, { chatroomId, messageId }, 'sender', { senderId: me });
  const { data: after } = await deps.db.entities.message
    .get({ chatroomId, messageId })
    .go({ consistent: true });
  if (!after) throw new AppError('message_not_found');
  return { message: await announceDeletion(deps, after) };
}

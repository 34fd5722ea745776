/**
 * Both members' room rows after a message (stream consumer `streams/chat-rooms`): the last message
 * (id, kind, sender, preview), its time as the list order (the rooms index key), each side's last
 * message time and, the first time both sides have written, `mutualAt`. The message's transaction
 * wrote only what must be exact (the recipient's unread and the unread total), so the index key
 * moves here, outside the transaction, as one UpdateItem per row.
 *
 * Idempotent and ordered: a row takes a message only when its id is not older than the row's last
 * one (ids are time-ordered ULIDs), so a redelivered record rewrites the same values and an older
 * record arriving late changes nothing. A deleted message (the item's MODIFY) drops the preview of
 * rows whose last message it still is.
 */
import { membersOf, previewOf } from '@app/shared/chat';
import { isConditionFailure } from '../../db/errors.ts';
import { ttlAt } from '../../db/keys.ts';
import type { Db } from '../../db/service.ts';
import type { StreamRecord } from '../../lib/stream.ts';
import type { MessageItem, RoomItem } from './views.ts';

/** The mutual-chat event outlives the stream's 24 hours of records. */
const MUTUAL_EVENT_KEEP_MS = 2 * 86_400_000;

/** A conditional write that lost (an older message, a deleted row): nothing to do. */
function skipped(error: unknown): null {
  if (!isConditionFailure(error)) throw error;
  return null;
}

/** Sets the message as the last one of `ownerId`'s row unless the row has a newer one. */
async function takeMessage(db: Db, ownerId: string, message: MessageItem): Promise<RoomItem | null> {
  const { chatroomId, messageId, createdAt } = message;
  const own = ownerId === message.senderId;
  const update = db.entities.roomMember
    .patch({ ownerId, chatroomId })
    .set({
      lastMessageAt: createdAt,
      lastMessageId: messageId,
      lastMessageKind: message.kind,
      lastSenderId: message.senderId,
      lastMessageDeleted: false,
      ...(own ? { ownerLastMessageAt: createdAt } : { peerLastMessageAt: createdAt }),
      ...(message.text !== undefined ? { preview: previewOf(message.text) } : {}),
    })
    .remove(message.text !== undefined ? [] : ['preview'])
    .where((a, op) => `(${op.notExists(a.lastMessageId)} OR ${op.lte(a.lastMessageId, messageId)})`);
  try {
    return (await update.go({ response: 'all_new' })).data as RoomItem;
  } catch (error) {
    return skipped(error);
  }
}

/**
 * Mutual chat: both sides of the row have written and it was not mutual before. The moment's event
 * item (MutualChat, trigger broadcast 6) is created first, once per room: a crash between the two
 * writes leaves the row unmarked, so the retry comes back here and finds the event already there.
 */
async function markMutual(db: Db, row: RoomItem, at: string): Promise<void> {
  if (row.mutualAt || !row.ownerLastMessageAt || !row.peerLastMessageAt) return;
  const members = membersOf(row.chatroomId);
  if (members) {
    await db.entities.mutualChat
      .create({
        chatroomId: row.chatroomId,
        creatorId: members.creatorId,
        fanId: members.otherId,
        at,
        ttl: ttlAt(new Date(Date.parse(at) + MUTUAL_EVENT_KEEP_MS)),
      })
      .go()
      .catch(skipped);
  }
  await db.entities.roomMember
    .patch({ ownerId: row.ownerId, chatroomId: row.chatroomId })
    .set({ mutualAt: at })
    .where((a, op) => op.notExists(a.mutualAt))
    .go()
    .catch(skipped);
}

export async function applyMessage(db: Db, message: MessageItem): Promise<void> {
  const members = membersOf(message.chatroomId);
  if (!members) return;
  const { creatorId, otherId } = members;
  const owners = message.senderId === creatorId ? [creatorId, otherId] : [otherId, creatorId];
  const rows = await Promise.all(owners.map((ownerId) => takeMessage(db, ownerId, message)));
  await Promise.all(rows.map((row) => (row ? markMutual(db, row, message.createdAt) : undefined)));
}

/** A deleted message: rows still showing it as the last message lose its preview. */
export async function applyDeletion(db: Db, message: MessageItem): Promise<void> {
  const members = membersOf(message.chatroomId);
  if (!members) return;
  const { chatroomId, messageId } = message;
  await Promise.all(
    [members.creatorId, members.otherId].map((ownerId) =>
      db.entities.roomMember
        .patch({ ownerId, chatroomId })
        .set({ lastMessageDeleted: true })
        .remove(['preview'])
        .where((a, op) => op.eq(a.lastMessageId, messageId))
        .go()
        .catch(skipped),
    ),
  );
}

/** One record of the stream (a message item created, or changed by a deletion). */
export async function applyMessageRecord(db: Db, record: StreamRecord): Promise<void> {
  const { data: message } = db.entities.message.parse({ Item: record.image });
  if (!message) return;
  if (message.deleted) await applyDeletion(db, message);
  else if (record.eventName === 'INSERT') await applyMessage(db, message);
}

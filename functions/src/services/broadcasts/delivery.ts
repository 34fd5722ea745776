/**
 * One fan's delivery of a broadcast's chats: free creator messages in the fan's 1:1 room (created
 * when missing), marked as broadcasts, in one transaction with the caller's `guard` (the
 * conditional write that makes it happen once: a scheduled broadcast's recipient outcome, a
 * trigger run's step). Rooms blocked either way or closed, and fans who left, are skipped
 * (nothing written: the caller records the skip under its guard). Live pushes follow the commit.
 */
import type { SkipReason } from '@app/shared/broadcasts';
import { chatroomIdOf } from '@app/shared/chat';
import type { ChatPush } from '@app/shared/schemas/chat';
import type { TransactionItem } from 'electrodb';
import type { ProfileItem } from '../../lib/auth.ts';
import { timeId } from '../../lib/crypto.ts';
import { withFileUrls } from '../chat/files.ts';
import {
  type ChatDeps,
  isPayer,
  type NewRoom,
  newRoom,
  pushSeveral,
  readProfile,
  readRoom,
  roomCreation,
  unreadShardOf,
  unreadTotal,
} from '../chat/rooms.ts';
import { type MessageItem, messageView } from '../chat/views.ts';
import type { TxEntities, TxItems } from '../points/ledger.ts';

/** A chat as stored on a broadcast: a message, or a processed file's key. */
export interface BroadcastChat {
  kind: 'text' | 'file';
  text?: string;
  file?: string;
}

export interface DeliveryRequest {
  /** The sending creator (read once by the caller). */
  creator: ProfileItem;
  fanId: string;
  chats: readonly BroadcastChat[];
  source: { kind: 'reserve' | 'trigger'; id: string };
  /** Conditional writes committed with the messages; their failure means 'guarded'. */
  guard: (e: TxEntities) => TxItems;
}

/**
 * `delivered` with the new messages' ids; a skip reason (nothing written); `guarded` when the
 * guard's condition failed (delivered or decided before: nothing written).
 */
export type DeliveryResult =
  | { outcome: 'delivered'; messageIds: string[] }
  | { outcome: SkipReason }
  | { outcome: 'guarded' };

export async function deliverChats(deps: ChatDeps, req: DeliveryRequest): Promise<DeliveryResult> {
  const { creator, fanId, chats } = req;
  const chatroomId = chatroomIdOf(creator.profileId, fanId);
  for (let attempt = 1; ; attempt++) {
    // Eventually consistent first: the transaction's conditions decide; a retry reads consistently.
    const target = await targetOf(deps, creator, fanId, chatroomId, attempt > 1);
    if ('outcome' in target) return target;
    const now = deps.clock.now();
    const messages = chats.map((chat) => messageOf(req, chatroomId, chat, now));
    const guardStart = messages.length + (target.create ? 5 : 1) + 1;
    const result = await deps.db.transaction
      .write((e) => [
        ...messages.map((m) => e.message.create(m).commit()),
        // The fan's row: unread + n, refused once closed or blocked either way (as a reply's).
        ...(target.create
          ? roomCreation(e, target.create, { ownerId: fanId, unread: messages.length })
          : [
              e.roomMember
                .patch({ ownerId: fanId, chatroomId })
                .add({ unread: messages.length })
                .where(
                  (a, op) =>
                    `${op.eq(a.status, 'open')} AND ${op.eq(a.blocked, false)} AND ${op.eq(a.blockedByPeer, false)}`,
                )
                .commit(),
            ]),
        e.unreadShard
          .update({ profileId: fanId, shard: unreadShardOf(messages[0]?.messageId ?? chatroomId) })
          .add({ chatUnread: messages.length })
          .commit(),
        ...req.guard(e),
      ])
      .go();
    if (!result.canceled) {
      await pushToFan(deps, fanId, chatroomId, messages);
      return { outcome: 'delivered', messageIds: messages.map((m) => m.messageId) };
    }
    // ElectroDB's per-item reasons of a cancelled transaction (in the items' order).
    const reasons = result.data as unknown as TransactionItem<unknown>[];
    if (reasons.slice(guardStart).some((r) => r.rejected && r.code === 'ConditionalCheckFailed'))
      return { outcome: 'guarded' };
    // The room changed (created, closed or blocked meanwhile) or a conflict: read again and retry.
    if (attempt >= ATTEMPTS)
      throw new Error(`broadcast delivery kept being cancelled: ${reasons.map((r) => r.code).join(',')}`);
  }
}

const ATTEMPTS = 4;

/** The fan's room as it is (open: the row; none yet: the rows to create), or why nothing is sent. */
async function targetOf(
  deps: ChatDeps,
  creator: ProfileItem,
  fanId: string,
  chatroomId: string,
  consistent: boolean,
): Promise<{ create: NewRoom | null } | { outcome: SkipReason }> {
  const row = await readRoom(deps.db, fanId, chatroomId, consistent);
  if (row) {
    if (row.blocked || row.blockedByPeer) return { outcome: 'blocked' };
    if (row.status !== 'closed') return { create: null };
    // A room closes when either side leaves: tell a fan who left from a room closed otherwise.
    const fan = await readProfile(deps.db, fanId);
    return { outcome: fan?.status === 'active' ? 'closed' : 'left' };
  }
  const fan = await readProfile(deps.db, fanId);
  if (fan?.status !== 'active' || !isPayer(fan.roleId)) return { outcome: 'left' };
  const create = await newRoom(deps, creator, fan, chatroomId);
  if (create.mine.blocked || create.mine.blockedByPeer) return { outcome: 'blocked' };
  return { create };
}

function messageOf(req: DeliveryRequest, chatroomId: string, chat: BroadcastChat, now: Date): MessageItem {
  return {
    chatroomId,
    // Monotonic within the millisecond: the chats keep their order in the room.
    messageId: timeId(now),
    senderId: req.creator.profileId,
    kind: chat.kind,
    ...(chat.kind === 'text' && chat.text !== undefined ? { text: chat.text } : {}),
    ...(chat.kind === 'file' && chat.file !== undefined ? { file: chat.file } : {}),
    cost: 0,
    broadcast: { kind: req.source.kind, id: req.source.id },
    createdAt: now.toISOString(),
  };
}

/**
 * The fan's open tabs get the messages and the unread figures at once (the creator's do not: a
 * broadcast to thousands would flood them; their list follows from the stream). A failed push is
 * only logged: the history has the messages.
 */
async function pushToFan(deps: ChatDeps, fanId: string, chatroomId: string, messages: MessageItem[]) {
  await pushSeveral(deps, fanId, async () => {
    const [views, row, total] = await Promise.all([
      withFileUrls(deps, messages.map(messageView)),
      deps.db.entities.roomMember.get({ ownerId: fanId, chatroomId }).go(),
      unreadTotal(deps.db, fanId),
    ]);
    return [
      ...views.map((message): ChatPush => ({ type: 'message', message })),
      {
        type: 'unread',
        chatroom_id: chatroomId,
        unread: row.data?.unread ?? messages.length,
        unread_total: total,
      },
    ];
  });
}

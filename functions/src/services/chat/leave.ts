/**
 * What leaving does to chat (part of J9): every room of the leaver is closed for the peer ('The
 * chatroom is closed, so you cannot access it.'), with the peer's unread taken off their badge,
 * and for the leaver in the same transaction (the send conditions read only the recipient's row).
 * The caller then deletes the rooms' partitions (room, messages, replay keys) and the leaver's
 * own rows, blocks and notices.
 */
import type { Db } from '../../db/service.ts';
import { readRoom, unreadShardOf } from './rooms.ts';

/** Closes the peer's row of each of the leaver's rooms; returns the rooms' ids. */
export async function closeRoomsOf(db: Db, profileId: string): Promise<string[]> {
  const { data: rows } = await db.entities.roomMember.query
    .byOwner({ ownerId: profileId })
    .go({ pages: 'all' });
  for (const row of rows) {
    for (let attempt = 1; attempt <= 3; attempt++) {
      const peer = await readRoom(db, row.peerId, row.chatroomId, true);
      if (!peer || peer.status === 'closed') break;
      const unread = peer.unread;
      const result = await db.transaction
        .write(({ roomMember, unreadShard }) => [
          roomMember
            .patch({ ownerId: row.peerId, chatroomId: row.chatroomId })
            .set({ status: 'closed', unread: 0 })
            .where((a, op) => op.eq(a.unread, unread))
            .commit(),
          // Both rows close together: a message's transaction checks only the recipient's row.
          roomMember
            .patch({ ownerId: profileId, chatroomId: row.chatroomId })
            .set({ status: 'closed' })
            .commit(),
          ...(unread > 0
            ? [
                unreadShard
                  .update({ profileId: row.peerId, shard: unreadShardOf(row.chatroomId) })
                  .add({ chatUnread: -unread })
                  .commit(),
              ]
            : []),
        ])
        .go();
      if (!result.canceled) break;
    }
  }
  return rows.map((r) => r.chatroomId);
}

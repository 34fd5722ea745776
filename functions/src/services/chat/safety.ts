/**
 * A member's controls of a room and a peer (S8-S11): mute (no notices), block (the blocked one
 * cannot message the blocker), the block check, and reports for the operators.
 */
import { chatroomIdOf } from '@app/shared/chat';
import { ROLE } from '@app/shared/roles';
import type { reportRequest } from '@app/shared/schemas/chat';
import type * as z from 'zod/mini';
import type { Db } from '../../db/service.ts';
import type { ProfileItem } from '../../lib/auth.ts';
import { timeId } from '../../lib/crypto.ts';
import { AppError } from '../../lib/errors.ts';
import { type ChatDeps, isPayer, openRoomOf, readProfile, readRoom } from './rooms.ts';

/** `POST /mute`: toggles my notices of a room (or sets them with `muted`). */
export async function muteRoom(
  deps: ChatDeps,
  me: string,
  chatroomId: string,
  muted: boolean | undefined,
): Promise<{ muted: boolean }> {
  const row = await openRoomOf(deps.db, me, chatroomId, true);
  const target = muted ?? !row.muted;
  if (target !== row.muted) {
    await deps.db.entities.roomMember.patch({ ownerId: me, chatroomId }).set({ muted: target }).go();
  }
  return { muted: target };
}

/** The room between two people, when their roles allow one (a creator and a fan or owner). */
function roomIdBetween(a: ProfileItem, b: ProfileItem): string | null {
  if (a.roleId === ROLE.CREATOR && isPayer(b.roleId)) return chatroomIdOf(a.profileId, b.profileId);
  if (b.roleId === ROLE.CREATOR && isPayer(a.roleId)) return chatroomIdOf(b.profileId, a.profileId);
  return null;
}

async function isBlocked(db: Db, blockerId: string, blockedId: string): Promise<boolean> {
  const { data } = await db.entities.block.get({ blockerId, blockedId }).go({ consistent: true });
  return data !== null;
}

/**
 * `POST /block`: toggles (or sets) my block of the room's peer or of a profile. The edge and both
 * rows' flags change in one transaction, so the send conditions (T1, T2) see the block at once.
 */
export async function toggleBlock(
  deps: ChatDeps,
  me: ProfileItem,
  req: { chatroom_id?: string | undefined; profile_id?: string | undefined; blocked?: boolean | undefined },
): Promise<{ blocked: boolean }> {
  const { db } = deps;
  let peerId: string;
  let chatroomId: string | null;
  if (req.chatroom_id) {
    const row = await openRoomOf(db, me.profileId, req.chatroom_id);
    peerId = row.peerId;
    chatroomId = row.chatroomId;
  } else {
    peerId = req.profile_id ?? '';
    const peer = peerId === me.profileId ? null : await readProfile(db, peerId);
    if (!peer) throw new AppError('user_not_found');
    const id = roomIdBetween(me, peer);
    chatroomId = id && (await readRoom(db, me.profileId, id)) ? id : null;
  }
  for (let attempt = 1; ; attempt++) {
    const current = await isBlocked(db, me.profileId, peerId);
    const target = req.blocked ?? !current;
    if (target === current) return { blocked: current };
    const now = deps.clock.now().toISOString();
    const result = await db.transaction
      .write(({ block, roomMember }) => [
        target
          ? block.create({ blockerId: me.profileId, blockedId: peerId, createdAt: now }).commit()
          : block
              .delete({ blockerId: me.profileId, blockedId: peerId })
              .where((a, op) => op.exists(a.blockerId))
              .commit(),
        ...(chatroomId
          ? [
              roomMember.patch({ ownerId: me.profileId, chatroomId }).set({ blocked: target }).commit(),
              roomMember.patch({ ownerId: peerId, chatroomId }).set({ blockedByPeer: target }).commit(),
            ]
          : []),
      ])
      .go();
    if (!result.canceled) return { blocked: target };
    // A second tap won meanwhile: read the edge again (a toggle then answers with the new state).
    if (req.blocked === undefined || attempt >= 3)
      return { blocked: await isBlocked(db, me.profileId, peerId) };
  }
}

/** `POST /block/check`: both directions of the block edge between me and a profile. */
export async function blockCheck(
  deps: ChatDeps,
  me: string,
  peerId: string,
): Promise<{ blocked: boolean; blocked_by_peer: boolean }> {
  const { data } = await deps.db.entities.block
    .get([
      { blockerId: me, blockedId: peerId },
      { blockerId: peerId, blockedId: me },
    ])
    .go();
  return {
    blocked: data.some((b) => b.blockerId === me),
    blocked_by_peer: data.some((b) => b.blockerId === peerId),
  };
}

/** `POST /report`: a report for the operators' queue; a reported room shows as reported. */
export async function report(
  deps: ChatDeps,
  me: string,
  req: z.output<typeof reportRequest>,
): Promise<{ reported: true }> {
  const { db } = deps;
  let targetId: string;
  if (req.chatroom_id) {
    const row = await readRoom(db, me, req.chatroom_id);
    if (!row) throw new AppError('chatroom_not_found');
    targetId = row.peerId;
    if (req.message_id) {
      const { data } = await db.entities.message
        .get({ chatroomId: req.chatroom_id, messageId: req.message_id })
        .go();
      if (!data) throw new AppError('message_not_found');
    }
  } else {
    targetId = req.profile_id ?? '';
    if (targetId === me || !(await readProfile(db, targetId))) throw new AppError('user_not_found');
  }
  const now = deps.clock.now();
  const chatroomId = req.chatroom_id;
  const result = await db.transaction
    .write(({ report: reports, roomMember }) => [
      reports
        .create({
          reportId: timeId(now),
          reporterId: me,
          targetId,
          type: req.type,
          ...(req.detail ? { detail: req.detail } : {}),
          ...(chatroomId ? { chatroomId } : {}),
          ...(req.message_id ? { messageId: req.message_id } : {}),
          createdAt: now.toISOString(),
        })
        .commit(),
      ...(chatroomId ? [roomMember.patch({ ownerId: me, chatroomId }).set({ reported: true }).commit()] : []),
    ])
    .go();
  if (result.canceled) throw new AppError('too_many_requests', 'report conflicted');
  return { reported: true };
}

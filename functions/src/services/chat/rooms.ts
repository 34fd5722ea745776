/**
 * Chatrooms (C1-C3, C8): one room per creator and fan (or shop owner) with a deterministic id,
 * a row per member in the member's own partition, the list by last message, the room screen's
 * state (peer, today's price, lock, free points, blocks) and reading (unread back to zero).
 */
import { chatroomIdOf, effectiveChatCost, membersOf } from '@app/shared/chat';
import { businessConfig } from '@app/shared/config';
import { balanceOf, isLive, type LotState, type SpendRule, spendOrder } from '@app/shared/ledger';
import { isSetupComplete, ROLE } from '@app/shared/roles';
import {
  CHATROOM_ID_RE,
  type ChatPush,
  type ChatroomDetail,
  type ChatroomListResponse,
  type CreateChatroomRequest,
} from '@app/shared/schemas/chat';
import { jstDate } from '@app/shared/time';
import type { Db } from '../../db/service.ts';
import type { ProfileItem } from '../../lib/auth.ts';
import type { Clock } from '../../lib/clock.ts';
import { shardOf } from '../../lib/crypto.ts';
import { AppError } from '../../lib/errors.ts';
import { logger } from '../../lib/logger.ts';
import type { MediaDeps } from '../media/pipeline.ts';
import { lotState, readLots, type TxEntities, type TxItems } from '../points/ledger.ts';
import { type ConnectionSender, sendManyToProfile, sendToProfile } from '../realtime.ts';
import { readBusiness } from './business.ts';
import { peerSnapshot, type RoomItem, summaryOf } from './views.ts';

const C = businessConfig.chat;

export interface ChatDeps extends MediaDeps {
  db: Db;
  clock: Clock;
  sender: ConnectionSender;
}

/** Who pays in chat: fans and shop/organization owners. */
export const isPayer = (roleId: number) => roleId === ROLE.FAN || roleId === ROLE.USER;
const isCreator = (roleId: number) => roleId === ROLE.CREATOR;

export async function readProfile(db: Db, profileId: string): Promise<ProfileItem | null> {
  return (await db.entities.profile.get({ profileId }).go()).data;
}

async function profileByUsername(db: Db, username: string): Promise<ProfileItem | null> {
  const { data: claim } = await db.entities.uniqueClaim
    .get({ kind: 'username', value: username.toLowerCase() })
    .go();
  return claim ? readProfile(db, claim.profileId) : null;
}

/** The room of the caller and `peer`, or the reason there can be none. */
function roomBetween(me: ProfileItem, peer: ProfileItem | null): { creatorId: string; otherId: string } {
  if (peer?.profileId === me.profileId) throw new AppError('chat_own_account');
  if (isCreator(me.roleId)) {
    if (peer && isCreator(peer.roleId)) throw new AppError('creator_to_creator');
    if (peer?.status !== 'active' || !isPayer(peer.roleId)) throw new AppError('user_not_found');
    return { creatorId: me.profileId, otherId: peer.profileId };
  }
  if (!isPayer(me.roleId)) throw new AppError('forbidden');
  if (peer?.status !== 'active' || !isCreator(peer.roleId) || !isSetupComplete(peer.roleId, peer.finalStep))
    throw new AppError('creator_not_found');
  return { creatorId: peer.profileId, otherId: me.profileId };
}

export async function readRoom(db: Db, ownerId: string, chatroomId: string, consistent = false) {
  return (await db.entities.roomMember.get({ ownerId, chatroomId }).go({ consistent })).data;
}

/** The caller's open row of a room: 'could not be confirmed' when missing, 'closed' when closed. */
export async function openRoomOf(db: Db, ownerId: string, chatroomId: string, consistent = false) {
  const row = CHATROOM_ID_RE.test(chatroomId) ? await readRoom(db, ownerId, chatroomId, consistent) : null;
  if (!row) throw new AppError('chatroom_not_found');
  if (row.status === 'closed') throw new AppError('chatroom_closed');
  return row;
}

/**
 * `POST /chatroom/create` (kept for API clients; the web no longer calls it): creates the room and
 * both rows once; later calls return the room. A room is otherwise created by its first message.
 */
export async function createChatroom(
  deps: ChatDeps,
  me: ProfileItem,
  req: CreateChatroomRequest,
): Promise<ChatroomDetail> {
  if (!isSetupComplete(me.roleId, me.finalStep)) throw new AppError('registration_incomplete');
  const peer = req.profile_id
    ? await readProfile(deps.db, req.profile_id)
    : await profileByUsername(deps.db, req.username ?? '');
  const { creatorId, otherId } = roomBetween(me, peer);
  const chatroomId = chatroomIdOf(creatorId, otherId);
  for (let attempt = 1; !(await readRoom(deps.db, me.profileId, chatroomId, true)); attempt++) {
    if (attempt > 3) throw new AppError('too_many_requests', 'room creation kept conflicting');
    const room = await newRoom(deps, me, peer as ProfileItem, chatroomId);
    const result = await deps.db.transaction.write((e) => roomCreation(e, room)).go();
    if (result.canceled) logger.info('chatroom creation cancelled', { chatroomId });
  }
  return getChatroom(deps, me, chatroomId);
}

/**
 * A room that does not exist yet, as its first message (or `POST /chatroom/create`) creates it:
 * both rows, with the block flags of the edges that exist already (a block by profile made before
 * the room holds). `mine` is the caller's row as the room screen shows it before the first message.
 */
export interface NewRoom {
  chatroomId: string;
  creatorId: string;
  otherId: string;
  peer: ProfileItem;
  mine: RoomItem;
  theirs: RoomItem;
}

/** A room as a request finds it: the caller's row, or (`create`) the room its first message creates. */
export interface RoomTarget {
  row: RoomItem;
  create: NewRoom | null;
}

/** The rows of a room between `me` and `peer` not created yet (the caller checked the roles). */
export async function newRoom(
  deps: ChatDeps,
  me: ProfileItem,
  peer: ProfileItem,
  chatroomId: string,
): Promise<NewRoom> {
  const members = membersOf(chatroomId);
  if (!members) throw new AppError('chatroom_not_found');
  const { creatorId, otherId } = members;
  const { data: edges } = await deps.db.entities.block
    .get([
      { blockerId: creatorId, blockedId: otherId },
      { blockerId: otherId, blockedId: creatorId },
    ])
    .go({ consistent: true });
  const blocks = (blockerId: string) => edges.some((b) => b.blockerId === blockerId);
  const now = deps.clock.now().toISOString();
  const row = (owner: ProfileItem, peerOf: ProfileItem): RoomItem => ({
    ownerId: owner.profileId,
    chatroomId,
    side: owner.profileId === creatorId ? 'creator' : 'fan',
    peerId: peerOf.profileId,
    ...peerSnapshot(peerOf),
    status: 'open',
    unread: 0,
    muted: false,
    blocked: blocks(owner.profileId),
    blockedByPeer: blocks(peerOf.profileId),
    reported: false,
    lastMessageAt: now,
    createdAt: now,
  });
  return { chatroomId, creatorId, otherId, peer, mine: row(me, peer), theirs: row(peer, me) };
}

/**
 * The room `chatroomId` for a request of `me`: my row (refused when closed), or, when the room
 * does not exist yet and `me` is one of its two members as the roles allow, the room to create.
 * Refusals as `POST /chatroom/create`: own account, creator to creator, unfinished sign-up, a
 * peer who left or is unknown.
 */
export async function roomTarget(
  deps: ChatDeps,
  me: ProfileItem,
  chatroomId: string,
  consistent = false,
): Promise<RoomTarget> {
  const row = CHATROOM_ID_RE.test(chatroomId)
    ? await readRoom(deps.db, me.profileId, chatroomId, consistent)
    : null;
  if (row) {
    if (row.status === 'closed') throw new AppError('chatroom_closed');
    return { row, create: null };
  }
  const members = membersOf(chatroomId);
  const peerId =
    members?.creatorId === me.profileId
      ? members.otherId
      : members?.otherId === me.profileId
        ? members.creatorId
        : null;
  if (!peerId) throw new AppError('chatroom_not_found');
  return roomToCreate(deps, me, await readProfile(deps.db, peerId), chatroomId);
}

async function roomToCreate(
  deps: ChatDeps,
  me: ProfileItem,
  peer: ProfileItem | null,
  expectedId?: string,
): Promise<RoomTarget> {
  if (!isSetupComplete(me.roleId, me.finalStep)) throw new AppError('registration_incomplete');
  const { creatorId, otherId } = roomBetween(me, peer);
  const chatroomId = chatroomIdOf(creatorId, otherId);
  // A made-up id with the members on the wrong sides names no room.
  if (expectedId !== undefined && expectedId !== chatroomId) throw new AppError('chatroom_not_found');
  const create = await newRoom(deps, me, peer as ProfileItem, chatroomId);
  return { row: create.mine, create };
}

/**
 * The transaction items that create a room (C1): the chatroom item and both rows, each only once
 * (`attribute_not_exists`), and a ConditionCheck of each block edge as it was read, so a block made
 * meanwhile cancels the creation. `recipient` is the row a first message adds its unread to (T1, T2
 * update no item twice: the row is created with it).
 */
export function roomCreation(
  e: TxEntities,
  room: NewRoom,
  recipient?: { ownerId: string; unread: number },
): TxItems {
  const { chatroomId, creatorId, otherId } = room;
  const edge = (blockerId: string) =>
    blockerId === room.mine.ownerId ? room.mine.blocked : room.theirs.blocked;
  const withUnread = (row: RoomItem) =>
    recipient?.ownerId === row.ownerId ? { ...row, unread: recipient.unread } : row;
  return [
    e.chatroom.create({ chatroomId, creatorId, otherId, createdAt: room.mine.createdAt }).commit(),
    e.roomMember.create(withUnread(room.mine)).commit(),
    e.roomMember.create(withUnread(room.theirs)).commit(),
    ...[
      [creatorId, otherId],
      [otherId, creatorId],
    ].map(([blockerId = '', blockedId = '']) =>
      e.block
        .check({ blockerId, blockedId })
        .where((a, op) => (edge(blockerId) ? op.exists(a.blockerId) : op.notExists(a.blockerId)))
        .commit(),
    ),
  ];
}

/**
 * `GET /chatroom/list`: my open rooms, last message first, with the unread total. The rooms
 * index holds keys only: a page is its keys (last message first), then a BatchGet of the rows
 * (ElectroDB's `hydrate`, in the index's order), so each row's unread is the exact one.
 */
export async function listChatrooms(
  deps: ChatDeps,
  me: string,
  cursor: string | undefined,
): Promise<ChatroomListResponse> {
  const [page, total] = await Promise.all([
    deps.db.entities.roomMember.query
      .byActivity({ ownerId: me })
      .go({ order: 'desc', limit: C.listPageSize, hydrate: true, ...(cursor ? { cursor } : {}) }),
    unreadTotal(deps.db, me),
  ]);
  return {
    // A closed room (the peer left) keeps its row, out of the list.
    chatrooms: page.data.filter((row) => row.status === 'open').map(summaryOf),
    unread_total: total,
    next_cursor: page.cursor ?? null,
  };
}

/**
 * `GET /chatroom/{id}`: `id` is a chatroom id, or the peer's username (`/chatroom/{username}`).
 * The caller must be a member, or one of the two members of a room not created yet (`exists`
 * false: nothing is written, the first message creates it). The fan side also gets today's price
 * and the usable points.
 */
export async function getChatroom(
  deps: ChatDeps,
  me: ProfileItem,
  idOrUsername: string,
): Promise<ChatroomDetail> {
  const { row, create } = idOrUsername.includes('_')
    ? await roomTarget(deps, me, idOrUsername)
    : await roomByUsername(deps, me, idOrUsername);
  const now = deps.clock.now();
  const today = jstDate(now);
  const creatorId = row.side === 'creator' ? me.profileId : row.peerId;
  const [peer, business, lots] = await Promise.all([
    create ? create.peer : readProfile(deps.db, row.peerId),
    readBusiness(deps.db, creatorId),
    row.side === 'fan' ? readLots(deps.db, me.profileId, false) : Promise.resolve(null),
  ]);
  const fresh = peer && !create ? await refreshSnapshot(deps.db, row, peer) : row;
  const rejectFree = business?.rejectFreePoints ?? false;
  const cost = effectiveChatCost(business, today);
  const usable = lots
    ? usablePoints(
        lots.map(lotState),
        { purpose: 'chat', payeeId: creatorId, allowLeaves: !rejectFree, useOriginal: true },
        now,
      )
    : null;
  return {
    ...summaryOf(fresh),
    exists: create === null,
    chat: {
      pays: row.side === 'fan',
      cost,
      locked: business?.chatLocked ?? false,
      reject_free_points: rejectFree,
      usable_points: usable,
    },
    balance: lots ? balanceOf(lots.map(lotState), now) : null,
    peer_read_at: row.peerReadAt ?? null,
  };
}

/** The room with the user `username`: my row, or the room to create (nothing is written). */
async function roomByUsername(deps: ChatDeps, me: ProfileItem, username: string): Promise<RoomTarget> {
  const peer = await profileByUsername(deps.db, username);
  if (!peer) throw new AppError('chatroom_not_found');
  const { creatorId, otherId } = roomBetween(me, peer);
  const row = await readRoom(deps.db, me.profileId, chatroomIdOf(creatorId, otherId));
  if (!row) return roomToCreate(deps, me, peer);
  if (row.status === 'closed') throw new AppError('chatroom_closed');
  return { row, create: null };
}

/** Live points a chat spend with `rule` may take (leaves unless refused, the creator's originals, mushrooms). */
function usablePoints(lots: LotState[], rule: SpendRule, now: Date): number {
  const kinds = spendOrder(rule);
  return lots
    .filter(
      (l) =>
        isLive(l, now) &&
        kinds.some((k) => k.kind === l.kind && (k.kind !== 'original' || k.issuerId === l.issuerId)),
    )
    .reduce((sum, l) => sum + l.balance, 0);
}

/** Keeps the list's peer snapshot in step with the peer's profile (nickname, image). */
async function refreshSnapshot(db: Db, row: RoomItem, peer: ProfileItem): Promise<RoomItem> {
  const snap = peerSnapshot(peer);
  const same =
    snap.peerRoleId === row.peerRoleId &&
    (snap.peerUsername ?? null) === (row.peerUsername ?? null) &&
    (snap.peerNickname ?? null) === (row.peerNickname ?? null) &&
    (snap.peerImage ?? null) === (row.peerImage ?? null);
  if (same) return row;
  const removed = (['peerUsername', 'peerNickname', 'peerImage'] as const).filter((k) => !(k in snap));
  await db.entities.roomMember
    .patch({ ownerId: row.ownerId, chatroomId: row.chatroomId })
    .set(snap)
    .remove(removed)
    .go();
  const updated: RoomItem = { ...row, ...snap };
  for (const k of removed) delete updated[k];
  return updated;
}

/** `POST /chatroom/read`: my unread back to zero (and off the total), the peer's read receipt. */
export async function readChatroom(
  deps: ChatDeps,
  me: string,
  chatroomId: string,
): Promise<{ unread_total: number }> {
  for (let attempt = 1; ; attempt++) {
    // The first try reads eventually: a stale unread count only fails the write's condition,
    // and the retry reads consistently.
    const row = await openRoomOf(deps.db, me, chatroomId, attempt > 1);
    const now = deps.clock.now().toISOString();
    const old = row.unread;
    const result = await deps.db.transaction
      .write(({ roomMember, unreadShard }) => [
        roomMember
          .patch({ ownerId: me, chatroomId })
          .set({ unread: 0, lastReadAt: now })
          .where((a, op) => op.eq(a.unread, old))
          .commit(),
        roomMember.patch({ ownerId: row.peerId, chatroomId }).set({ peerReadAt: now }).commit(),
        ...(old > 0
          ? [
              unreadShard
                .update({ profileId: me, shard: unreadShardOf(chatroomId) })
                .add({ chatUnread: -old })
                .commit(),
            ]
          : []),
      ])
      .go();
    if (!result.canceled) {
      const total = await unreadTotal(deps.db, me);
      await pushAll(deps, [
        [me, { type: 'unread', chatroom_id: chatroomId, unread: 0, unread_total: total }],
        [row.peerId, { type: 'read', chatroom_id: chatroomId, reader_id: me, read_at: now }],
      ]);
      return { unread_total: total };
    }
    // A message arrived between the read and the write: read again.
    if (attempt >= 3) throw new AppError('too_many_requests', 'read kept conflicting');
  }
}

/**
 * The write shard of the unread total that a change adds to: a message by its id (spreading a
 * popular creator's incoming messages), a read or a closed room by the room's id.
 */
export const unreadShardOf = (id: string) => shardOf(id, C.unreadShards);

/** A profile's unread messages over all rooms: the sum of its shards (one Query, ≤ 8 small items). */
export async function unreadTotal(db: Db, profileId: string): Promise<number> {
  const { data } = await db.entities.unreadShard.query.byProfile({ profileId }).go({ pages: 'all' });
  return Math.max(
    0,
    data.reduce((sum, s) => sum + (s.chatUnread ?? 0), 0),
  );
}

/**
 * Pushes to one profile after a commit, built only when it has a connection (one look-up of its
 * connections); a failed push never fails the request.
 */
export async function pushSeveral(
  deps: ChatDeps,
  profileId: string,
  payloads: () => Promise<ChatPush[]>,
): Promise<void> {
  try {
    await sendManyToProfile(deps.sender, deps.db, profileId, payloads);
  } catch (error) {
    logger.warn('chat push failed', { error: error as Error, profileId });
  }
}

/** Pushes after a commit; a failed push never fails the request (the history has the message). */
export async function pushAll(deps: ChatDeps, pushes: [string, ChatPush][]): Promise<void> {
  await Promise.all(
    pushes.map(async ([profileId, payload]) => {
      try {
        await sendToProfile(deps.sender, deps.db, profileId, payload);
      } catch (error) {
        logger.warn('chat push failed', { error: error as Error, profileId, type: payload.type });
      }
    }),
  );
}

/**
 * The notices of a paid message (stream consumer `streams/chat-notices`): `chat_earning` (or
 * `stamp_earning`) to the creator and `chat_spend` (or `stamp_spend`) to the payer, none to a side
 * that has muted the room when the record is handled. Ids and times come from the message, and the
 * writes are conditional creates, so handling the same record again writes nothing.
 */
import { membersOf } from '@app/shared/chat';
import type { Db } from '../../db/service.ts';
import type { StreamRecord } from '../../lib/stream.ts';
import { type NewNotice, writeNotices } from '../notices.ts';
import { readProfile, readRoom } from './rooms.ts';
import type { MessageItem } from './views.ts';

export async function noticeMessage(db: Db, message: MessageItem): Promise<void> {
  if (!message.txId || message.cost <= 0) return;
  const members = membersOf(message.chatroomId);
  if (!members) return;
  const { chatroomId, senderId, messageId } = message;
  const payeeId = senderId === members.creatorId ? members.otherId : members.creatorId;
  const [payerRow, payeeRow, payer] = await Promise.all([
    readRoom(db, senderId, chatroomId, true),
    readRoom(db, payeeId, chatroomId, true),
    readProfile(db, senderId),
  ]);
  const common = {
    points: message.cost,
    chatroom_id: chatroomId,
    ...(message.stampId ? { stamp_id: message.stampId, stamp_point: message.cost } : {}),
  };
  const stamp = message.kind === 'stamp';
  const notices: NewNotice[] = [];
  if (payeeRow && !payeeRow.muted)
    notices.push({
      to: payeeId,
      noticeId: `${messageId}-e`,
      kind: stamp ? 'stamp_earning' : 'chat_earning',
      params: {
        ...common,
        profile_id: senderId,
        nickname: payer?.nickname ?? payer?.username ?? payeeRow.peerNickname ?? payeeRow.peerUsername ?? '',
      },
      createdAt: message.createdAt,
    });
  if (payerRow && !payerRow.muted)
    notices.push({
      to: senderId,
      noticeId: `${messageId}-s`,
      kind: stamp ? 'stamp_spend' : 'chat_spend',
      params: {
        ...common,
        profile_id: payeeId,
        nickname: payerRow.peerNickname ?? payerRow.peerUsername ?? '',
      },
      createdAt: message.createdAt,
    });
  await writeNotices(db, notices);
}

/** One record of the stream (a new paid message item) → its notices. */
export async function noticeMessageRecord(db: Db, record: StreamRecord): Promise<void> {
  const { data: message } = db.entities.message.parse({ Item: record.image });
  if (message) await noticeMessage(db, message);
}

/**
 * The shop's notices after a commit (stream consumers, each idempotent: the notice id derives from
 * the event, so a replayed record writes nothing new):
 * - `return_gift_received` to the buyer when a line takes its return gift (streams/return-gift-notices);
 * - `original_point_received` to the fan when a creator grants original points
 *   (streams/original-point-notices, the journal's grant record).
 */
import type { Db } from '../../db/service.ts';
import { timeIdLow } from '../../lib/crypto.ts';
import type { StreamRecord } from '../../lib/stream.ts';
import { writeNotices } from '../notices.ts';
import { isCreatorGrant } from './grants.ts';

/** A time-ordered notice id of an event at `at`, unique by `suffix`. */
const eventNoticeId = (at: string, suffix: string) => `${timeIdLow(new Date(at)).slice(0, 10)}-${suffix}`;

export async function noticeReturnGiftRecord(db: Db, record: StreamRecord): Promise<void> {
  const { data: line } = db.entities.orderLine.parse({ Item: record.image });
  if (!line?.giftSentAt) return;
  await writeNotices(db, [
    {
      to: line.buyerId,
      noticeId: eventNoticeId(line.giftSentAt, `${line.lineId}-g`),
      kind: 'return_gift_received',
      params: { item_name: line.itemName, line_id: line.lineId },
      createdAt: line.giftSentAt,
    },
  ]);
}

export async function noticeOriginalPointRecord(db: Db, record: StreamRecord): Promise<void> {
  const { data: journal } = db.entities.journal.parse({ Item: record.image });
  if (journal?.kind !== 'grant' || !isCreatorGrant(journal.txId)) return;
  const issuer = journal.lines.find((l) => l.account.startsWith('grants:original:'))?.account.slice(16);
  if (!issuer) return;
  const { data: creator } = await db.entities.profile.get({ profileId: issuer }).go();
  await writeNotices(db, [
    {
      to: journal.holderId,
      noticeId: `${journal.logId}-o`,
      kind: 'original_point_received',
      params: {
        points: journal.points,
        nickname: creator?.nickname ?? '',
        username: creator?.username ?? '',
        creator_id: issuer,
      },
      createdAt: journal.createdAt,
    },
  ]);
}

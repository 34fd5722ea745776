/** The 'purchase' notices of both sides (`streams/shop-purchase-notices`); see feed.ts. */
import type { Db } from '../../db/service.ts';
import type { StreamRecord } from '../../lib/stream.ts';
import { writeNotices } from '../notices.ts';
import { profilesById } from '../profiles.ts';
import { lineOf } from './feed.ts';

/** The 'purchase' notices of a line: the creator's (`<lineId>-p`) and the buyer's (`<lineId>-b`). */
export async function purchaseNoticeRecord(db: Db, record: StreamRecord): Promise<void> {
  const line = lineOf(db, record);
  if (!line) return;
  const buyers = await profilesById(db, [line.buyerId]);
  const buyer = buyers.get(line.buyerId);
  const common = { item_name: line.itemName, item_id: line.itemId, line_id: line.lineId };
  await writeNotices(db, [
    {
      to: line.creatorId,
      noticeId: `${line.lineId}-p`,
      kind: 'purchase',
      params: { ...common, nickname: buyer?.nickname ?? buyer?.username ?? '', quantity: line.quantity },
      createdAt: line.createdAt,
    },
    {
      to: line.buyerId,
      noticeId: `${line.lineId}-b`,
      kind: 'purchase',
      params: { ...common, side: 'buyer' },
      createdAt: line.createdAt,
    },
  ]);
}

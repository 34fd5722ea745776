/** The realtime purchase log (`streams/shop-purchase-log`, `GET /shop/recent-purchase-logs/{id}`); see feed.ts. */
import { businessConfig } from '@app/shared/config';
import type { PurchaseLogEntry } from '@app/shared/schemas/shop';
import type { EntityItem } from 'electrodb';
import type { PurchaseLog } from '../../db/entities/shop-feed.ts';
import { isConditionFailure } from '../../db/errors.ts';
import type { Db } from '../../db/service.ts';
import type { ProfileItem } from '../../lib/auth.ts';
import { AppError } from '../../lib/errors.ts';
import type { StreamRecord } from '../../lib/stream.ts';
import { profilesById } from '../profiles.ts';
import { type ConnectionSender, sendToWatchers } from '../realtime.ts';
import { mediaUrl, thumbKey } from '../social/cards.ts';
import { isPublicCreator, profileByIdOrUsername } from '../social/relations.ts';
import { lineOf } from './feed.ts';

const S = businessConfig.shop;

type LogItem = EntityItem<typeof PurchaseLog>;

/** How an entry shows: the buyer's nickname, or null (anonymous) per their `is_anonymous_open_log` or once they left. */
function entryOf(log: LogItem, buyer: ProfileItem | undefined): PurchaseLogEntry {
  const anonymous = !buyer || buyer.isAnonymousOpenLog === true;
  return {
    id: log.lineId,
    item: { id: log.itemId, name: log.itemName, thumbnail: mediaUrl(thumbKey(log.thumbnailKey)) },
    buyer: anonymous
      ? null
      : { nickname: buyer.nickname ?? null, profile_image: mediaUrl(thumbKey(buyer.profileImage)) },
    purchased_at: log.createdAt,
  };
}

/** The WebSocket push of a new entry to the sockets watching the creator's profile. */
export const purchaseLogPush = (creatorId: string, entry: PurchaseLogEntry) => ({
  type: 'purchase_log' as const,
  creator_id: creatorId,
  entry,
});

export async function purchaseLogRecord(
  deps: { db: Db; sender: ConnectionSender },
  record: StreamRecord,
): Promise<void> {
  const line = lineOf(deps.db, record);
  if (!line || line.sensitive) return;
  const log = {
    creatorId: line.creatorId,
    lineId: line.lineId,
    buyerId: line.buyerId,
    itemId: line.itemId,
    itemName: line.itemName,
    ...(line.thumbnailKey ? { thumbnailKey: line.thumbnailKey } : {}),
    createdAt: line.createdAt,
  };
  try {
    await deps.db.entities.purchaseLog.create(log).go();
  } catch (error) {
    // Written already (a redelivered record): pushed then, or the viewers catch up on reconnect.
    if (isConditionFailure(error)) return;
    throw error;
  }
  const buyers = await profilesById(deps.db, [line.buyerId]);
  await sendToWatchers(
    deps.sender,
    deps.db,
    line.creatorId,
    purchaseLogPush(line.creatorId, entryOf(log, buyers.get(line.buyerId))),
  );
}

/** `GET /shop/recent-purchase-logs/{id}`: the creator's last `shop.purchaseLogSize` sales, newest first. */
export async function recentPurchaseLogs(
  db: Db,
  idOrUsername: string,
): Promise<{ logs: PurchaseLogEntry[] }> {
  const creator = await profileByIdOrUsername(db, idOrUsername);
  if (!isPublicCreator(creator)) throw new AppError('profile_not_found');
  const { data } = await db.entities.purchaseLog.query
    .byCreator({ creatorId: creator.profileId })
    .go({ order: 'desc', limit: S.purchaseLogSize });
  const buyers = await profilesById(
    db,
    data.map((l) => l.buyerId),
  );
  return { logs: data.map((l) => entryOf(l, buyers.get(l.buyerId))) };
}

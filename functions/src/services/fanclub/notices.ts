/**
 * The fan club's notices (streams/fanclub-notices, idempotent: each notice id derives from the
 * event, so a replayed record writes nothing new): joining, renewal, a failed renewal (with the
 * retry date; the web leads it to the store), the end, and a back-number pass, each to the fan and
 * to the creator.
 */
import type { NoticeKind } from '@app/shared/schemas/notice';
import type { Db } from '../../db/service.ts';
import { sha256, timeIdLow } from '../../lib/crypto.ts';
import type { StreamRecord } from '../../lib/stream.ts';
import { type NoticeParams, writeNotices } from '../notices.ts';
import type { FanclubEventRecord } from './events.ts';

const KINDS: Record<FanclubEventRecord['kind'], [fan: NoticeKind, creator: NoticeKind]> = {
  join: ['fanclub_joined', 'fanclub_member_joined'],
  renew: ['fanclub_renewed', 'fanclub_member_renewed'],
  renew_failed: ['fanclub_renewal_failed', 'fanclub_member_renewal_failed'],
  end: ['fanclub_ended', 'fanclub_member_ended'],
  pass: ['fanclub_pass_bought', 'fanclub_pass_sold'],
};

export async function noticeFanclubEventRecord(db: Db, record: StreamRecord): Promise<void> {
  const { data: event } = db.entities.fanclubEvent.parse({ Item: record.image });
  if (!event) return;
  const [fan, creator] = await Promise.all([
    db.entities.profile.get({ profileId: event.fanId }).go(),
    db.entities.profile.get({ profileId: event.creatorId }).go(),
  ]);
  const common: NoticeParams = {
    fanclub_name: event.fanclubName,
    creator_id: event.creatorId,
    username: creator.data?.username ?? '',
    ...(event.points !== undefined ? { points: event.points } : {}),
    ...(event.renewsOn ? { renews_on: event.renewsOn } : {}),
    ...(event.retryOn ? { retry_on: event.retryOn } : {}),
    ...(event.month ? { month: event.month } : {}),
    ...(event.reason ? { reason: event.reason } : {}),
  };
  const id = `${timeIdLow(new Date(event.createdAt)).slice(0, 10)}-${sha256(event.eventId).slice(0, 16)}`;
  const [fanKind, creatorKind] = KINDS[event.kind];
  await writeNotices(db, [
    { to: event.fanId, noticeId: `${id}-f`, kind: fanKind, params: common, createdAt: event.createdAt },
    {
      to: event.creatorId,
      noticeId: `${id}-c`,
      kind: creatorKind,
      params: { ...common, nickname: fan.data?.nickname ?? '', fan_id: event.fanId },
      createdAt: event.createdAt,
    },
  ]);
}

/**
 * Stream consumers' side: an event that a digest tells of makes its person's digest of that kind
 * due (`dueAt`, the sparse due index), with one conditional UpdateItem and nothing else:
 * - only when the kind is on (creators' `replies` unless turned off; fans' kinds once turned on),
 * - only when nothing is due yet (a pending digest will read this event too),
 * - only for an event newer than what the last digest covered (`coveredUntil`): a redelivered
 *   record of an event a digest already told of, or an event a run found answered, marks nothing.
 * A refused condition is the answer "nothing to do".
 */

import { membersOf } from '@app/shared/chat';
import { businessConfig } from '@app/shared/config';
import type { MailKind } from '@app/shared/mail-kinds';
import type { NoticeKind } from '@app/shared/schemas/notice';
import { isConditionFailure } from '../../db/errors.ts';
import type { Db } from '../../db/service.ts';
import type { StreamRecord } from '../../lib/stream.ts';
import { defaultEnabled, dueShardOf } from './preferences.ts';

const M = businessConfig.mail;
const MINUTE = 60_000;

/** The notices a fan may receive by mail (their `notices` kind): money, memberships, what they bought. */
export const mailNoticeKinds: ReadonlySet<string> = new Set([
  'purchase',
  'return_gift_received',
  'original_point_received',
  'fanclub_joined',
  'fanclub_renewed',
  'fanclub_renewal_failed',
  'fanclub_ended',
  'fanclub_pass_bought',
] satisfies NoticeKind[]);

/** True for a notice a fan's `notices` digest names (the buyer's side of a purchase only). */
export function isMailNotice(kind: string, params: unknown): boolean {
  if (!mailNoticeKinds.has(kind)) return false;
  return kind !== 'purchase' || (params as { side?: unknown } | undefined)?.side === 'buyer';
}

/** Marks `profileId`'s digest of `kind` due for an event at `eventAt`; false when nothing was to do. */
export async function markDue(db: Db, profileId: string, kind: MailKind, eventAt: string): Promise<boolean> {
  const dueAt = new Date(Date.parse(eventAt) + M.digestDelayMinutes * MINUTE).toISOString();
  try {
    await db.entities.mailDigest
      .update({ profileId, kind })
      .set({ dueAt, dueShard: dueShardOf(profileId) })
      .where((a, op) =>
        [
          defaultEnabled(kind)
            ? `(${op.notExists(a.enabled)} OR ${op.eq(a.enabled, true)})`
            : op.eq(a.enabled, true),
          op.notExists(a.dueAt),
          `(${op.notExists(a.coveredUntil)} OR ${op.lt(a.coveredUntil, eventAt)})`,
        ].join(' AND '),
      )
      .go();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/**
 * A new message (manifest: `message` INSERT): a fan's paid message makes the creator's reply
 * digest due; a creator's message (broadcasts included) makes the fan's message digest due.
 */
export async function markMessageRecord(db: Db, record: StreamRecord): Promise<void> {
  const { data: message } = db.entities.message.parse({ Item: record.image });
  if (!message || message.deleted) return;
  const members = membersOf(message.chatroomId);
  if (!members) return;
  if (message.senderId === members.creatorId) {
    await markDue(db, members.otherId, 'messages', message.createdAt);
  } else if (message.txId && message.senderId === members.otherId) {
    await markDue(db, members.creatorId, 'replies', message.createdAt);
  }
}

/** A new notice (manifest: `notice` INSERT): an important one makes the fan's notice digest due. */
export async function markNoticeRecord(db: Db, record: StreamRecord): Promise<void> {
  const { data: notice } = db.entities.notice.parse({ Item: record.image });
  if (!notice || !isMailNotice(notice.kind, notice.params)) return;
  await markDue(db, notice.profileId, 'notices', notice.createdAt);
}

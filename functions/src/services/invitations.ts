/**
 * Invitations (DECISIONS "Invitation"; docs/access-patterns.md A7, A8, P6): the event is the
 * `invitation` item written when an invited fan's sign-up completes (services/mypage.ts). This
 * consumer of its INSERT tells the creator, once per event (the notice id comes from the item).
 */
import type { Db } from '../db/service.ts';
import type { StreamRecord } from '../lib/stream.ts';
import { writeNotices } from './notices.ts';

export async function noticeInvitationRecord(db: Db, record: StreamRecord): Promise<void> {
  const { data: invitation } = db.entities.invitation.parse({ Item: record.image });
  if (!invitation) return;
  await writeNotices(db, [
    {
      to: invitation.creatorId,
      noticeId: `${invitation.eventId}-i`,
      kind: 'invitation_registration',
      params: { nickname: invitation.fanNickname, profile_id: invitation.fanId },
      createdAt: invitation.registeredAt,
    },
  ]);
}

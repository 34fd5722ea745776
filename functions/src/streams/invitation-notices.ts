import { getDb } from '../db/service.ts';
import { streamHandler } from '../lib/stream.ts';
import { noticeInvitationRecord } from '../services/invitations.ts';

/** A fan who signed up through an invitation link (new `invitation` items) → the creator's notice. */
export const handler = streamHandler('invitation-notices', (record) =>
  noticeInvitationRecord(getDb(), record),
);

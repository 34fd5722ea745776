/**
 * One fan's delivery of a broadcast's chats: free creator messages in the fan's 1:1 room (created
 * when missing), marked as broadcasts, in one transaction with the caller's `guard` (the
 * conditional write that makes it happen once: a scheduled broadcast's recipient outcome, a
 * trigger run's step). Rooms blocked either way or closed, and fans who left, are skipped
 * (nothing written: the caller records the skip under its guard). Live pushes follow the commit.
 */
import type { SkipReason } from '@app/shared/broadcasts';
import type { ProfileItem } from '../../lib/auth.ts';
import type { TxEntities, TxItems } from '../points/ledger.ts';
import type { BroadcastDeps } from './deps.ts';

/** A chat as stored on a broadcast: a message, or a processed file's key. */
export interface BroadcastChat {
  kind: 'text' | 'file';
  text?: string;
  file?: string;
}

export interface DeliveryRequest {
  /** The sending creator (read once by the caller). */
  creator: ProfileItem;
  fanId: string;
  chats: readonly BroadcastChat[];
  source: { kind: 'reserve' | 'trigger'; id: string };
  /** Conditional writes committed with the messages; their failure means 'guarded'. */
  guard: (e: TxEntities) => TxItems;
}

/**
 * `delivered` with the new messages' ids; a skip reason (nothing written); `guarded` when the
 * guard's condition failed (delivered or decided before: nothing written).
 */
export type DeliveryResult =
  | { outcome: 'delivered'; messageIds: string[] }
  | { outcome: SkipReason }
  | { outcome: 'guarded' };

export async function deliverChats(_deps: BroadcastDeps, _req: DeliveryRequest): Promise<DeliveryResult> {
  throw new Error('deliverChats: coming with the fan-out commit');
}

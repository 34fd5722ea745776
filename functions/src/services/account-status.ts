/**
 * Suspending and resuming an account (operators; an organization owner for its casts). A
 * suspension ends every session at once: access and refresh tokens stop working and every socket
 * closes; a resumed account signs in again, its old tokens stay dead.
 *
 * The operators' console (issue 17) passes `change`: the write happens only when the account is in
 * the other state (of concurrent calls one changes it), with the console's items (its report, its
 * audit entry) in the same transaction; the answer says whether this call changed it.
 */
import { AppError } from '../lib/errors.ts';
import type { ExtraItems } from './points/ledger.ts';
import { type EndSessionDeps, endAllSessions } from './sessions.ts';
import { directoryCommits } from './social/directory.ts';

export interface StatusChange {
  /** Items of the caller in the same transaction. */
  extra?: ExtraItems;
}

export async function suspendAccount(
  deps: EndSessionDeps,
  profileId: string,
  change?: StatusChange,
): Promise<boolean> {
  const { data } = await deps.db.entities.profile.get({ profileId }).go();
  if (!data) throw new AppError('profile_not_found');
  if (!change) return endAllSessions(deps, profileId, { suspend: true });
  return endAllSessions(deps, profileId, {
    suspend: true,
    onlyIfActive: true,
    ...(change.extra ? { extra: change.extra } : {}),
  });
}

export async function resumeAccount(
  deps: EndSessionDeps,
  profileId: string,
  change?: StatusChange,
): Promise<boolean> {
  const { data } = await deps.db.entities.profile.get({ profileId }).go();
  if (!data) throw new AppError('profile_not_found');
  const now = deps.clock.now().toISOString();
  // A resumed creator is listed again, in the same transaction.
  const result = await deps.db.transaction
    .write((tx) => [
      tx.profile
        .patch({ profileId })
        .set({ status: 'active', updatedAt: now })
        .where((a, op) => (change ? op.eq(a.status, 'suspended') : ''))
        .commit(),
      ...directoryCommits({ searchDoc: tx.searchDoc }, { ...data, status: 'active' }, now),
      ...(change?.extra ? change.extra(tx) : []),
    ])
    .go();
  return !result.canceled;
}

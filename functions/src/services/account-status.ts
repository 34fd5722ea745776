/**
 * Suspending and resuming an account (operators; an organization owner for its casts). A
 * suspension ends every session at once: access and refresh tokens stop working and every socket
 * closes; a resumed account signs in again, its old tokens stay dead.
 */
import { AppError } from '../lib/errors.ts';
import { type EndSessionDeps, endAllSessions } from './sessions.ts';
import { directoryCommits } from './social/directory.ts';

export async function suspendAccount(deps: EndSessionDeps, profileId: string): Promise<void> {
  const { data } = await deps.db.entities.profile.get({ profileId }).go();
  if (!data) throw new AppError('profile_not_found');
  await endAllSessions(deps, profileId, { suspend: true });
}

export async function resumeAccount(deps: EndSessionDeps, profileId: string): Promise<void> {
  const { data } = await deps.db.entities.profile.get({ profileId }).go();
  if (!data) throw new AppError('profile_not_found');
  const now = deps.clock.now().toISOString();
  // A resumed creator is listed again, in the same transaction.
  await deps.db.transaction
    .write(({ profile, searchDoc }) => [
      profile.patch({ profileId }).set({ status: 'active', updatedAt: now }).commit(),
      ...directoryCommits({ searchDoc }, { ...data, status: 'active' }, now),
    ])
    .go();
}

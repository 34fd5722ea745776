/**
 * /home/fanclub: a creator's own fan club (settings, members, posts), or a fan's memberships.
 * Each side's screen is its own chunk.
 */
import { ROLE } from '@app/shared/roles';
import { lazy, Suspense } from 'react';
import { useAuth } from '../../../lib/session.ts';

const CreatorFanclubPage = lazy(() => import('./CreatorFanclubPage.tsx'));
const MembershipsPage = lazy(() => import('../../memberships/routes/MembershipsPage.tsx'));

export default function FanclubHomePage() {
  const { roleId } = useAuth();
  return (
    <Suspense fallback={null}>
      {roleId === ROLE.CREATOR ? <CreatorFanclubPage /> : <MembershipsPage />}
    </Suspense>
  );
}

/**
 * The unread chat total for the header badge: the first page of the room list in the query cache
 * (one read shared with the list screen), kept current by the pushes (`cache.ts`).
 */
import { ROLE } from '@app/shared/roles';
import { useEffect, useState } from 'react';
import { realtime } from '../../lib/realtime.ts';
import { useChatrooms } from './cache.ts';

/** Chat members: creators, fans and shop/organization owners (admins have no chat). */
export const canChat = (roleId: number | null | undefined) =>
  roleId === ROLE.CREATOR || roleId === ROLE.FAN || roleId === ROLE.USER;

/**
 * The badge is a background read: it starts a moment after the socket is in sync, so that it
 * does not race the screen's own first calls (a token refresh cut short by a page load would
 * cost the session: refresh tokens rotate and a reused one revokes its family). A screen that
 * reads the list itself (the list screen) fills the badge at once from the same cache entry.
 */
const BACKGROUND_DELAY_MS = 1000;

function useSettledConnection(enabled: boolean): boolean {
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const arm = () => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => setSettled(true), BACKGROUND_DELAY_MS);
    };
    if (realtime.syncedSince() !== null) arm();
    const off = realtime.subscribe((e) => {
      if (e.type === 'synced') arm();
    });
    return () => {
      off();
      if (timer) clearTimeout(timer);
    };
  }, [enabled]);
  return enabled && settled;
}

/** The unread total for the signed-in chat member (null until known). */
export function useChatUnread(enabled: boolean): number | null {
  const settled = useSettledConnection(enabled);
  const rooms = useChatrooms(settled);
  if (!enabled) return null;
  return rooms.data?.pages[0]?.unread_total ?? null;
}

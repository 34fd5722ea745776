/**
 * The unread chat total for the header badge: read from `GET /chatroom/list` each time the
 * realtime connection is open and in sync (so no push can fall between the read and the socket), then
 * kept current by the pushes (`unread` carries the new total). The list screen sets it too.
 */
import { ROLE } from '@app/shared/roles';
import { useEffect } from 'react';
import { realtime } from '../../lib/realtime.ts';
import { authStore, profileId } from '../../lib/session.ts';
import { createStore, useStore } from '../../lib/store.ts';
import { getChatrooms } from './api/getChatrooms.ts';

export const chatUnreadStore = createStore<{ profileId: string | null; total: number | null }>({
  profileId: null,
  total: null,
});

/** Chat members: creators, fans and shop/organization owners (admins have no chat). */
export const canChat = (roleId: number | null | undefined) =>
  roleId === ROLE.CREATOR || roleId === ROLE.FAN || roleId === ROLE.USER;

export function setChatUnread(total: number) {
  chatUnreadStore.set({ profileId: profileId(), total: Math.max(0, total) });
}

let inFlight: Promise<void> | null = null;

export function loadChatUnread(): Promise<void> {
  inFlight ??= getChatrooms()
    .then((r) => {
      if (r?.ok) setChatUnread(r.data.unread_total);
    })
    .catch(() => {
      // The badge stays as it was; the list page shows the error.
    })
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}

/**
 * The badge is a background read: it waits a moment after the socket is in sync, so that it
 * does not race the screen's own first calls (a token refresh cut short by a page load would
 * cost the session: refresh tokens rotate and a reused one revokes its family).
 */
const BACKGROUND_DELAY_MS = 1000;
let pendingLoad: ReturnType<typeof setTimeout> | null = null;

realtime.subscribe((event) => {
  if (event.type === 'unread') setChatUnread(event.unread_total);
  else if (event.type === 'synced' && canChat(authStore.get().profile?.role_id)) {
    if (pendingLoad) clearTimeout(pendingLoad);
    pendingLoad = setTimeout(() => {
      pendingLoad = null;
      if (realtime.connected()) void loadChatUnread();
    }, BACKGROUND_DELAY_MS);
  }
});

/** The unread total for the signed-in chat member (null until known). */
export function useChatUnread(enabled: boolean): number | null {
  const state = useStore(chatUnreadStore);
  const me = profileId();
  const known = state.profileId === me && state.total !== null;
  useEffect(() => {
    if (enabled && me && !known && realtime.connected()) void loadChatUnread();
  }, [enabled, me, known]);
  return enabled && known ? state.total : null;
}

/** The unread notice count, shared by the notice screen and the link to it. */
import { createStore } from '../../lib/store.ts';

export const noticeUnreadStore = createStore<number | null>(null);

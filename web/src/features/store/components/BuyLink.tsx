import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { LangLink } from '../../../components/LangLink.tsx';
import { NEXT_PARAM, safeReturnPath } from '../../../lib/return-to.ts';

/** What a link to the store carries: the chat it came from, offered again after the purchase. */
interface StoreState {
  returnTo?: unknown;
}

/** A chat room's path, in any of its three forms (/chatroom/…, /ja/chatroom/…, /en/chatroom/…). */
const CHAT_PATH = /^(\/(ja|en))?\/chatroom\/[^/?#]+$/;

/** The chat the store was opened from (a link of this file), or null. */
export function chatReturnOf(state: unknown): string | null {
  const returnTo = (state as StoreState | null)?.returnTo;
  return typeof returnTo === 'string' && CHAT_PATH.test(returnTo) ? returnTo : null;
}

/** The store's query parameter with the points to preselect (a shortfall to buy). */
export const AMOUNT_PARAM = 'amount';

/**
 * Where the store goes back to after a purchase: the chat it was opened from (`state`), or the
 * page of this site named by `?next=` (the item page buying a shortfall), checked as a login's
 * return target is (same site only, a plain path).
 */
export function storeReturnOf(state: unknown, search: string): string | null {
  return chatReturnOf(state) ?? safeReturnPath(new URLSearchParams(search).get(NEXT_PARAM));
}

/** Whether a return target is a chat (the done screen then says 'Back to the chat'). */
export const isChatReturn = (path: string) => CHAT_PATH.test(path);

/** 'Buy mushrooms' from a chat: the store, remembering the room to go back to. */
export function BuyLink({
  className,
  label,
  children,
}: {
  className: string;
  label?: string;
  children: ReactNode;
}) {
  const { pathname } = useLocation();
  return (
    <LangLink to="/store" state={{ returnTo: pathname }} className={className} aria-label={label}>
      {children}
    </LangLink>
  );
}

/** Back to the chat the store was opened from. */
export function ChatReturnLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="btn btn--primary btn--block">
      {children}
    </Link>
  );
}

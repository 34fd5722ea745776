/**
 * Chat rules as pure functions: the deterministic chatroom id, the price a fan pays today
 * (DECISIONS.md "Chat": a change is tomorrow's value and becomes today's at 00:00 JST) and the
 * preview shown on the chatroom list.
 */
import { businessConfig } from './config.ts';
import { addDays } from './time.ts';

const C = businessConfig.chat;

/** One room per creator and fan: `<creatorId>_<otherId>` (profile ids never contain `_`). */
export function chatroomIdOf(creatorId: string, otherId: string): string {
  return `${creatorId}_${otherId}`;
}

/** The two members of a chatroom id, or null when it is not one. */
export function membersOf(chatroomId: string): { creatorId: string; otherId: string } | null {
  const parts = chatroomId.split('_');
  if (parts.length !== 2 || !parts[0] || !parts[1]) return null;
  return { creatorId: parts[0], otherId: parts[1] };
}

/** What is stored about the price (`profile#<id>`/`business`). */
export interface ChatCostState {
  chatCost?: number | undefined;
  chatCostNext?: number | undefined;
  /** The JST date from which `chatCostNext` applies. */
  chatCostNextFrom?: string | undefined;
}

/**
 * The price of one message on the JST date `today`: tomorrow's value once its date has come,
 * whether or not the daily switch job has run yet (so a late job changes nothing visible).
 */
export function effectiveChatCost(state: ChatCostState | null | undefined, today: string): number {
  if (state?.chatCostNext !== undefined && state.chatCostNextFrom !== undefined) {
    if (state.chatCostNextFrom <= today) return state.chatCostNext;
  }
  return state?.chatCost ?? C.defaultCostMushrooms;
}

/** The price change still to come (its date is after `today`), or null. */
export function pendingChatCost(
  state: ChatCostState | null | undefined,
  today: string,
): { cost: number; from: string } | null {
  if (state?.chatCostNext === undefined || state.chatCostNextFrom === undefined) return null;
  if (state.chatCostNextFrom <= today) return null;
  return { cost: state.chatCostNext, from: state.chatCostNextFrom };
}

/** The JST date after `date` (YYYY-MM-DD). */
export function nextDate(date: string): string {
  return addDays(date, 1);
}

/** The list preview of a text: whitespace collapsed, cut to `previewLength` characters. */
export function previewOf(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const chars = [...flat];
  return chars.length > C.previewLength ? `${chars.slice(0, C.previewLength).join('')}…` : flat;
}

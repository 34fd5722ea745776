/**
 * The purchase flow's arithmetic and memory, without React. Items are paid with points only:
 * the creator's original points first when the buyer opts in, then mushrooms (leaves are for chat
 * only; DECISIONS.md "Points"). A short balance sends the buyer to the store for the shortfall and
 * back, with the flow kept in this tab's sessionStorage.
 */
import { NEXT_PARAM } from '../../lib/return-to.ts';

export interface Plan {
  /** Original points of the item's creator spent. */
  fromOriginal: number;
  fromMushroom: number;
  /** Mushrooms missing (0 when the balance covers the total). */
  shortfall: number;
  mushroomAfter: number;
  originalAfter: number;
}

export function planPoints(input: {
  points: number;
  mushroom: number;
  original: number;
  useOriginal: boolean;
}): Plan {
  const fromOriginal = input.useOriginal ? Math.min(input.original, input.points) : 0;
  const rest = input.points - fromOriginal;
  const fromMushroom = Math.min(rest, input.mushroom);
  const shortfall = rest - fromMushroom;
  return {
    fromOriginal,
    fromMushroom,
    shortfall,
    mushroomAfter: input.mushroom - fromMushroom,
    originalAfter: input.original - fromOriginal,
  };
}

/** The store with the shortfall preselected, coming back to `returnPath` (a path of this site). */
export function shortfallStorePath(shortfall: number, returnPath: string): string {
  const q = new URLSearchParams({ amount: String(shortfall), [NEXT_PARAM]: returnPath });
  return `/store?${q.toString()}`;
}

/** What the flow keeps while the buyer is at the store. */
export interface SavedFlow {
  quantity: number;
  useOriginal: boolean;
  agreed: boolean;
}

const FLOW_KEY = 'shop_purchase_flow';

export function saveFlow(itemId: string, flow: SavedFlow): void {
  try {
    sessionStorage.setItem(FLOW_KEY, JSON.stringify({ itemId, ...flow }));
  } catch {
    // storage unavailable: the flow starts over on return
  }
}

/** The flow saved for this item, read once (another item's is dropped). */
export function takeFlow(itemId: string): SavedFlow | null {
  try {
    const raw = sessionStorage.getItem(FLOW_KEY);
    if (!raw) return null;
    sessionStorage.removeItem(FLOW_KEY);
    const v = JSON.parse(raw) as Partial<SavedFlow & { itemId: string }>;
    if (v.itemId !== itemId || !Number.isInteger(v.quantity) || (v.quantity ?? 0) < 1) return null;
    return { quantity: v.quantity as number, useOriginal: v.useOriginal === true, agreed: v.agreed === true };
  } catch {
    return null;
  }
}

/**
 * A cart's plan: each creator's original points (when opted in) pay at most that creator's lines,
 * mushrooms pay the rest.
 */
export function planCart(input: {
  lines: { creatorId: string; points: number }[];
  mushroom: number;
  original: Record<string, number>;
  useOriginal: boolean;
}): Plan {
  const byCreator = new Map<string, number>();
  for (const l of input.lines) byCreator.set(l.creatorId, (byCreator.get(l.creatorId) ?? 0) + l.points);
  let fromOriginal = 0;
  let originalHeld = 0;
  for (const [creatorId, points] of byCreator) {
    const held = input.original[creatorId] ?? 0;
    originalHeld += held;
    if (input.useOriginal) fromOriginal += Math.min(held, points);
  }
  const total = [...byCreator.values()].reduce((a, b) => a + b, 0);
  const rest = total - fromOriginal;
  const fromMushroom = Math.min(rest, input.mushroom);
  return {
    fromOriginal,
    fromMushroom,
    shortfall: rest - fromMushroom,
    mushroomAfter: input.mushroom - fromMushroom,
    originalAfter: originalHeld - fromOriginal,
  };
}

/**
 * The creator's item screens, pure parts: the state labels of a card, the JST datetime-local
 * values of the sale period, and the client-side check of a picked file (the server checks the
 * bytes again).
 */
import { type MediaPurpose, type MediaPurposeName, maxMegabytes, mediaPurposes } from '@app/shared/media';
import type { ItemCard } from '@app/shared/schemas/shop';

export type ItemLabel = 'draft' | 'scheduled' | 'on_sale' | 'ended' | 'sold_out' | 'low' | 'private';

/** What the list shows of an item's state: draft, or its sale state, stock and visibility. */
export function itemLabels(
  card: Pick<ItemCard, 'status' | 'sale_state' | 'stock_label' | 'is_public'>,
): ItemLabel[] {
  const labels: ItemLabel[] = [];
  if (card.status === 'draft') labels.push('draft');
  else if (card.sale_state) labels.push(card.sale_state);
  if (card.status === 'published' && (card.stock_label === 'sold_out' || card.stock_label === 'low')) {
    labels.push(card.stock_label);
  }
  if (!card.is_public) labels.push('private');
  return labels;
}

export const purposeOf = (p: MediaPurposeName): MediaPurpose => mediaPurposes[p];
export const acceptOf = (p: MediaPurposeName) => Object.keys(purposeOf(p).types).join(',');

/** Why a picked file cannot be used for this purpose, or null. */
export function fileProblem(
  p: MediaPurposeName,
  file: { type: string; size: number },
): 'type' | 'size' | null {
  const purpose = purposeOf(p);
  if (!(file.type in purpose.types)) return 'type';
  if (file.size < purpose.minBytes || file.size > purpose.maxBytes) return 'size';
  return null;
}

export const maxMegabytesOf = (p: MediaPurposeName) => maxMegabytes(purposeOf(p));

/** Moves the entry at `from` to `to` (both inside the list); a new list. */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return [...list];
  const out = [...list];
  const [entry] = out.splice(from, 1);
  out.splice(to, 0, entry as T);
  return out;
}

/**
 * The store's server state in the query cache: GET /store (its balance is one of the points
 * area's `balanceKeys`) and the fan's cards on file. A card added or deleted here is written into
 * the list at once, then the list is read again.
 */
import type { CardView, StoreResponse } from '@app/shared/schemas/store';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../lib/query.ts';
import { getCards } from './api/getCards.ts';

export const storeKeys = {
  /** GET /store. */
  store: ['store'] as const,
  /** GET /square/cards (not under `store`: a purchase that moves the balance leaves the cards). */
  cards: ['cards'] as const,
};

/** The cards on file; none to read before the fan has a Square customer. */
export const useCards = (customerId: string | null) =>
  useQuery({
    queryKey: storeKeys.cards,
    queryFn: async () => unwrap(await getCards()).cards,
    enabled: customerId !== null,
  });

/** The Square customer made here: the store knows it, and it has no cards yet. */
export function customerCreated(client: QueryClient, customerId: string): void {
  client.setQueryData<StoreResponse>(storeKeys.store, (s) => (s ? { ...s, customer_id: customerId } : s));
  if (client.getQueryData(storeKeys.cards) === undefined)
    client.setQueryData<CardView[]>(storeKeys.cards, []);
}

/** A card registered here: in the list at once (once, at the end), then the list read again. */
export function cardAdded(client: QueryClient, card: CardView): Promise<void> {
  client.setQueryData<CardView[]>(storeKeys.cards, (cards) => [
    ...(cards ?? []).filter((c) => c.id !== card.id),
    card,
  ]);
  return client.invalidateQueries({ queryKey: storeKeys.cards });
}

/** A card deleted here: gone from the list at once, then the list read again. */
export function cardDeleted(client: QueryClient, cardId: string): Promise<void> {
  client.setQueryData<CardView[]>(storeKeys.cards, (cards) => cards?.filter((c) => c.id !== cardId));
  return client.invalidateQueries({ queryKey: storeKeys.cards });
}

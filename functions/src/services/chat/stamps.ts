/**
 * The stamp catalogue as the chat sees it (services/catalog: the table, seeded from
 * shared/src/config.ts, kept in Lambda memory for `admin.catalog.cacheSeconds`).
 */
import type { Language } from '@app/shared/config';
import type { MessageView, OpenStampResponse } from '@app/shared/schemas/chat';
import { AppError } from '../../lib/errors.ts';
import { type CatalogueStamp, catalogueStamps } from '../catalog/catalogue.ts';
import { balanceFor } from '../points/balance.ts';
import { mediaUrl } from '../social/cards.ts';
import type { ChatDeps } from './rooms.ts';

export type Stamp = CatalogueStamp;

/** A stamp that can be sent now: known and not retired (404 `stamp_not_found` otherwise). */
export async function sendableStamp(deps: Pick<ChatDeps, 'db' | 'clock'>, id: string): Promise<Stamp> {
  const stamp = (await catalogueStamps(deps)).find((s) => s.id === id);
  if (!stamp?.active) throw new AppError('stamp_not_found');
  return stamp;
}

/** `POST /chatroom/open-stamp`: the picker's catalogue (active stamps) in the caller's language and their balances. */
export async function openStamps(deps: ChatDeps, me: string, lang: Language): Promise<OpenStampResponse> {
  const [stamps, balance] = await Promise.all([
    catalogueStamps(deps),
    balanceFor(deps.db, me, deps.clock.now()),
  ]);
  return {
    stamps: stamps
      .filter((s) => s.active)
      .map((s) => ({ id: s.id, name: s.name[lang], cost: s.cost, picture_url: mediaUrl(s.picture) })),
    balance,
  };
}

/**
 * Stamp messages with their stamp's names and picture from the catalogue (retired ones too, so old
 * messages still show them); read only when a page holds a stamp, through the cache.
 */
export async function withStamps(
  deps: Pick<ChatDeps, 'db' | 'clock'>,
  views: MessageView[],
): Promise<MessageView[]> {
  if (!views.some((v) => v.stamp_id)) return views;
  const byId = new Map((await catalogueStamps(deps)).map((s) => [s.id, s]));
  return views.map((v) => {
    const stamp = v.stamp_id ? byId.get(v.stamp_id) : undefined;
    return stamp ? { ...v, stamp: { name: stamp.name, picture_url: mediaUrl(stamp.picture) } } : v;
  });
}

/** The stamp catalogue (shared/src/config.ts): no table read, the same list on both sides. */
import { businessConfig, type Language } from '@app/shared/config';
import type { OpenStampResponse } from '@app/shared/schemas/chat';
import { balanceFor } from '../points/balance.ts';
import type { ChatDeps } from './rooms.ts';

export type Stamp = (typeof businessConfig.chat.stamps)[number];

export function findStamp(id: string): Stamp | null {
  return businessConfig.chat.stamps.find((s) => s.id === id) ?? null;
}

/** `POST /chatroom/open-stamp`: the picker's catalogue in the caller's language and their balances. */
export async function openStamps(deps: ChatDeps, me: string, lang: Language): Promise<OpenStampResponse> {
  return {
    stamps: businessConfig.chat.stamps.map((s) => ({ id: s.id, name: s.name[lang], cost: s.cost })),
    balance: await balanceFor(deps.db, me, deps.clock.now()),
  };
}

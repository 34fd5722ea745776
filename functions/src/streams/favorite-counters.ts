import { getDb } from '../db/service.ts';
import { streamHandler } from '../lib/stream.ts';
import { favoriteRecord } from '../services/social/counters.ts';

/** Favorites added or removed (manifest filter: `favs#` keys, INSERT and REMOVE) → `favoritedBy` ±1 once. */
export const handler = streamHandler('favorite-counters', (record) => favoriteRecord(getDb(), record));

/** The stamp catalogue (shared/src/config.ts): no table read, the same list on both sides. */
import { businessConfig } from '@app/shared/config';

export type Stamp = (typeof businessConfig.chat.stamps)[number];

export function findStamp(id: string): Stamp | null {
  return businessConfig.chat.stamps.find((s) => s.id === id) ?? null;
}

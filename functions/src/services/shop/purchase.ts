/**
 * TEMPORARY STUB (branch `buy`): the lead writes the real purchase transaction on main ("Shop
 * purchase core"); this file only gives the signatures the item page, the cart and the handlers
 * call, and is replaced by main's version at the merge.
 */
import type { ErrorCode } from '@app/shared/errors';
import type { PurchaseResponse } from '@app/shared/schemas/shop';
import type { ProfileItem } from '../../lib/auth.ts';
import { AppError } from '../../lib/errors.ts';
import type { ShopDeps } from './deps.ts';
import type { ItemRecord } from './views.ts';

export interface PurchaseInput {
  lines: { itemId: string; quantity: number }[];
  useOriginal: boolean;
  key: string;
  expectedPoints: number;
  source: 'item' | 'cart';
  cart?: { version: number };
}

export async function purchase(
  _deps: ShopDeps,
  _buyer: ProfileItem,
  _input: PurchaseInput,
): Promise<PurchaseResponse> {
  throw new AppError('item_unavailable', 'purchase() not merged yet');
}

export async function buyRefusal(
  _deps: ShopDeps,
  _buyer: ProfileItem,
  _item: ItemRecord,
  _quantity: number,
  _now: Date,
): Promise<ErrorCode | null> {
  return null;
}

import { businessConfig } from '@app/shared/config';
import { isSetupComplete } from '@app/shared/roles';
import type { StoreResponse } from '@app/shared/schemas/store';
import type { Db } from '../../db/service.ts';
import type { ProfileItem } from '../../lib/auth.ts';
import type { Clock } from '../../lib/clock.ts';
import { balanceFor } from './balance.ts';
import { assertCanPurchase, customerOf, remainingYen } from './purchase.ts';

const P = businessConfig.points;

export interface StoreDeps {
  db: Db;
  clock: Clock;
  square: StoreResponse['square'];
}

/** `GET /store`: packs and limits, the caller's balance, what the caps still allow, the card form settings. */
export async function storeView(deps: StoreDeps, profile: ProfileItem): Promise<StoreResponse> {
  const now = deps.clock.now();
  let canPurchase = true;
  try {
    assertCanPurchase(profile);
  } catch {
    canPurchase = false;
  }
  const [balance, remaining, customerId] = await Promise.all([
    balanceFor(deps.db, profile.profileId, now),
    remainingYen(deps.db, profile.profileId, now),
    canPurchase ? customerOf(deps.db, profile.profileId) : Promise.resolve(null),
  ]);
  return {
    packs: P.storePacks.map((mushrooms) => ({ mushrooms, price: mushrooms * P.yenPerMushroom })),
    min: P.purchaseMinMushrooms,
    max: P.purchaseMaxMushrooms,
    yen_per_mushroom: P.yenPerMushroom,
    tax_rate: P.consumptionTaxRate,
    balance,
    remaining_yen: remaining,
    can_purchase: canPurchase,
    registration_complete: isSetupComplete(profile.roleId, profile.finalStep),
    customer_id: customerId,
    square: deps.square,
  };
}

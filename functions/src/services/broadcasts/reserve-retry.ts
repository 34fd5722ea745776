/**
 * `POST /broadcasting/reserve/retry {id}`: the creator's own reserve (else 404
 * `broadcast_not_found`), sent again to its failed recipients by the fan-out (`retryFailed`:
 * `broadcast_not_retryable` unless it ended with failures), then answered as it is now. Apart from
 * reserves.ts so that only this handler carries the fan-out.
 */
import type { ReserveResponse } from '@app/shared/schemas/broadcasts';
import type { ProfileItem } from '../../lib/auth.ts';
import type { BroadcastDeps } from './deps.ts';
import { retryFailed } from './fanout.ts';
import { getReserve, ownReserve } from './reserves.ts';

export async function retryReserve(
  deps: BroadcastDeps,
  me: ProfileItem,
  id: string,
): Promise<ReserveResponse> {
  await ownReserve(deps, me.profileId, id);
  await retryFailed(deps, me.profileId, id);
  return getReserve(deps, me, id);
}

import { balanceOf } from '@app/shared/ledger';
import type { BalanceView } from '@app/shared/schemas/points';
import type { Db } from '../../db/service.ts';
import { lotState, readLots } from './ledger.ts';

/** The holder's live balances (expired lots never count). */
export async function balanceFor(db: Db, holderId: string, now: Date): Promise<BalanceView> {
  return balanceOf((await readLots(db, holderId, false)).map(lotState), now);
}

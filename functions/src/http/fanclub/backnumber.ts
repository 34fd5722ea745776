import { backNumberRequest } from '@app/shared/schemas/fanclub';
import { signedIn } from '../../lib/caller.ts';
import { fanclubDeps } from '../../lib/fanclub-deps.ts';
import { httpHandler } from '../../lib/http.ts';
import { buyPass } from '../../services/fanclub/passes.ts';

export const handler = httpHandler(
  'POST /fanclub/backnumber',
  { body: backNumberRequest },
  async ({ body, caller, clock }) =>
    buyPass(fanclubDeps(clock), signedIn(caller).profile, {
      creatorId: body.creator_id,
      month: body.month,
      price: body.price,
      useOriginal: body.use_original_points,
      key: body.key,
    }),
);

import { joinRequest } from '@app/shared/schemas/fanclub';
import { signedIn } from '../../lib/caller.ts';
import { fanclubDeps } from '../../lib/fanclub-deps.ts';
import { httpHandler } from '../../lib/http.ts';
import { join } from '../../services/fanclub/membership.ts';

export const handler = httpHandler(
  'POST /fanclub/join',
  { body: joinRequest },
  async ({ body, caller, clock }) =>
    join(fanclubDeps(clock), signedIn(caller).profile, {
      creatorId: body.creator_id,
      price: body.price,
      useOriginal: body.use_original_points,
      key: body.key,
    }),
);

import { reservePageQuery } from '@app/shared/schemas/broadcasts';
import { authoringDeps } from '../../lib/broadcast-authoring-deps.ts';
import { signedIn } from '../../lib/caller.ts';
import { httpHandler } from '../../lib/http.ts';
import { listReserves } from '../../services/broadcasts/reserves.ts';

export const handler = httpHandler(
  'GET /broadcasting/reserve/list/{id}',
  { query: reservePageQuery },
  async ({ caller, query, clock }) =>
    listReserves(authoringDeps(clock), signedIn(caller).profile, query.cursor),
);

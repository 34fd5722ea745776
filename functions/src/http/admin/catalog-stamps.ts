import { signedIn } from '../../lib/caller.ts';
import { catalogDeps } from '../../lib/catalog-deps.ts';
import { httpHandler } from '../../lib/http.ts';
import { listStamps } from '../../services/catalog/console.ts';

export const handler = httpHandler('GET /admin/catalog/stamps', {}, async ({ caller, clock }) =>
  listStamps(catalogDeps(clock), signedIn(caller).profile),
);

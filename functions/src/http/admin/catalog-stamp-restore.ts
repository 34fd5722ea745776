import { stampStateRequest } from '@app/shared/schemas/admin-catalog';
import { signedIn } from '../../lib/caller.ts';
import { catalogDeps } from '../../lib/catalog-deps.ts';
import { httpHandler } from '../../lib/http.ts';
import { setStampActive } from '../../services/catalog/console.ts';

export const handler = httpHandler(
  'POST /admin/catalog/stamps/restore',
  { body: stampStateRequest },
  async ({ caller, body, clock }) => setStampActive(catalogDeps(clock), signedIn(caller).profile, body, true),
);

import { stampUpdateRequest } from '@app/shared/schemas/admin-catalog';
import { signedIn } from '../../lib/caller.ts';
import { catalogMediaDeps } from '../../lib/catalog-deps.ts';
import { httpHandler } from '../../lib/http.ts';
import { updateStamp } from '../../services/catalog/console.ts';

export const handler = httpHandler(
  'POST /admin/catalog/stamps/update',
  { body: stampUpdateRequest },
  async ({ caller, body, clock }) => updateStamp(catalogMediaDeps(clock), signedIn(caller).profile, body),
);

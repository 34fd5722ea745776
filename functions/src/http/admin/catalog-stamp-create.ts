import { stampCreateRequest } from '@app/shared/schemas/admin-catalog';
import { signedIn } from '../../lib/caller.ts';
import { catalogMediaDeps } from '../../lib/catalog-deps.ts';
import { httpHandler } from '../../lib/http.ts';
import { createStamp } from '../../services/catalog/console.ts';

export const handler = httpHandler(
  'POST /admin/catalog/stamps/create',
  { body: stampCreateRequest },
  async ({ caller, body, clock }) => createStamp(catalogMediaDeps(clock), signedIn(caller).profile, body),
);

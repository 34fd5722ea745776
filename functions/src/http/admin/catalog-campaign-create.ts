import { campaignCreateRequest } from '@app/shared/schemas/admin-catalog';
import { signedIn } from '../../lib/caller.ts';
import { catalogDeps } from '../../lib/catalog-deps.ts';
import { httpHandler } from '../../lib/http.ts';
import { createCampaign } from '../../services/catalog/console.ts';

export const handler = httpHandler(
  'POST /admin/catalog/campaigns/create',
  { body: campaignCreateRequest },
  async ({ caller, body, clock }) => createCampaign(catalogDeps(clock), signedIn(caller).profile, body),
);

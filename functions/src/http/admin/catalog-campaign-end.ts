import { campaignEndRequest } from '@app/shared/schemas/admin-catalog';
import { signedIn } from '../../lib/caller.ts';
import { catalogDeps } from '../../lib/catalog-deps.ts';
import { httpHandler } from '../../lib/http.ts';
import { endCampaign } from '../../services/catalog/console.ts';

export const handler = httpHandler(
  'POST /admin/catalog/campaigns/end',
  { body: campaignEndRequest },
  async ({ caller, body, clock }) => endCampaign(catalogDeps(clock), signedIn(caller).profile, body),
);

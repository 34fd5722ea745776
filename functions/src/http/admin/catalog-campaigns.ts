import { campaignListQuery } from '@app/shared/schemas/admin-catalog';
import { signedIn } from '../../lib/caller.ts';
import { catalogDeps } from '../../lib/catalog-deps.ts';
import { httpHandler } from '../../lib/http.ts';
import { listCampaigns } from '../../services/catalog/console.ts';

export const handler = httpHandler(
  'GET /admin/catalog/campaigns',
  { query: campaignListQuery },
  async ({ caller, query, clock }) =>
    listCampaigns(catalogDeps(clock), signedIn(caller).profile, query.cursor),
);

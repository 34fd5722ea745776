import { campaignUpdateRequest } from '@app/shared/schemas/admin-catalog';
import { signedIn } from '../../lib/caller.ts';
import { catalogDeps } from '../../lib/catalog-deps.ts';
import { httpHandler } from '../../lib/http.ts';
import { updateCampaign } from '../../services/catalog/console.ts';

export const handler = httpHandler(
  'POST /admin/catalog/campaigns/update',
  { body: campaignUpdateRequest },
  async ({ caller, body, clock }) => updateCampaign(catalogDeps(clock), signedIn(caller).profile, body),
);

import { businessConfig } from '@app/shared/config';
import { catalogDeps } from '../../lib/catalog-deps.ts';
import { httpHandler } from '../../lib/http.ts';
import { registrationCampaign } from '../../services/catalog/catalogue.ts';

/** Console: stamps and campaigns (issue 17): the live registration campaign for the public pages. */
export const handler = httpHandler(
  'GET /auth/register/campaign',
  { publicMaxAge: businessConfig.admin.catalog.cacheSeconds },
  async ({ clock }) => registrationCampaign(catalogDeps(clock)),
);

/** GET /auth/register/campaign: the registration campaign as it runs now (anyone; cacheable). */
import { registrationCampaignResponse } from '@app/shared/schemas/campaign';
import { apiRequest } from '../../../lib/api.ts';

export const getRegistrationCampaign = () =>
  apiRequest({
    method: 'GET',
    path: '/auth/register/campaign',
    auth: false,
    response: registrationCampaignResponse,
  });

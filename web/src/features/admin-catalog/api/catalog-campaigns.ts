/**
 * Console: campaign codes (issue 17). One function per call: GET /admin/catalog/campaigns (paged),
 * POST …/create, …/update, …/end.
 */
import {
  adminCampaignPage,
  adminCampaignResponse,
  type CampaignCreateRequest,
  type CampaignEndRequest,
  type CampaignUpdateRequest,
} from '@app/shared/schemas/admin-catalog';
import { apiRequest } from '../../../lib/api.ts';

export const listCampaigns = (cursor?: string) =>
  apiRequest({
    method: 'GET',
    path: '/admin/catalog/campaigns',
    query: { cursor },
    auth: true,
    response: adminCampaignPage,
  });

export const createCampaign = (body: CampaignCreateRequest) =>
  apiRequest({
    method: 'POST',
    path: '/admin/catalog/campaigns/create',
    body,
    auth: true,
    response: adminCampaignResponse,
    loading: 2,
  });

export const updateCampaign = (body: CampaignUpdateRequest) =>
  apiRequest({
    method: 'POST',
    path: '/admin/catalog/campaigns/update',
    body,
    auth: true,
    response: adminCampaignResponse,
    loading: 2,
  });

export const endCampaign = (body: CampaignEndRequest) =>
  apiRequest({
    method: 'POST',
    path: '/admin/catalog/campaigns/end',
    body,
    auth: true,
    response: adminCampaignResponse,
    loading: 2,
  });

/**
 * Console: stamps (issue 17). One function per call of the stamp catalogue:
 * GET /admin/catalog/stamps, POST …/picture-url, …/create, …/update, …/retire, …/restore.
 */
import {
  adminStampList,
  adminStampResponse,
  type StampCreateRequest,
  type StampStateRequest,
  type StampUpdateRequest,
  type stampPictureUrlRequest,
  uploadUrlView,
} from '@app/shared/schemas/admin-catalog';
import type * as z from 'zod/mini';
import { apiRequest } from '../../../lib/api.ts';

export const listStamps = () =>
  apiRequest({ method: 'GET', path: '/admin/catalog/stamps', auth: true, response: adminStampList });

export const getStampPictureUrl = (body: z.input<typeof stampPictureUrlRequest>) =>
  apiRequest({
    method: 'POST',
    path: '/admin/catalog/stamps/picture-url',
    body,
    auth: true,
    response: uploadUrlView,
  });

export const createStamp = (body: StampCreateRequest) =>
  apiRequest({
    method: 'POST',
    path: '/admin/catalog/stamps/create',
    body,
    auth: true,
    response: adminStampResponse,
    loading: 2,
  });

export const updateStamp = (body: StampUpdateRequest) =>
  apiRequest({
    method: 'POST',
    path: '/admin/catalog/stamps/update',
    body,
    auth: true,
    response: adminStampResponse,
    loading: 2,
  });

export const setStampActive = (body: StampStateRequest, active: boolean) =>
  apiRequest({
    method: 'POST',
    path: `/admin/catalog/stamps/${active ? 'restore' : 'retire'}`,
    body,
    auth: true,
    response: adminStampResponse,
    loading: 2,
  });

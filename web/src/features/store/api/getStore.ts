import { storeResponse } from '@app/shared/schemas/store';
import { apiRequest } from '../../../lib/api.ts';

/** GET /store: packs, limits, balance, remaining allowance, the Square settings of the card form. */
export const getStore = ({ quiet = false }: { quiet?: boolean } = {}) =>
  apiRequest({
    method: 'GET',
    path: '/store',
    auth: true,
    response: storeResponse,
    loading: quiet ? undefined : 1,
  });

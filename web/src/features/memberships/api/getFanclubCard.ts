import { fanclubCardResponse } from '@app/shared/schemas/fanclub';
import { apiRequest } from '../../../lib/api.ts';
import { hasSession } from '../../../lib/session.ts';

/** GET /fanclub/card/{id}: a creator's fan club card (guests read it without a token). */
export const getFanclubCard = (username: string, { quiet = false }: { quiet?: boolean } = {}) =>
  apiRequest({
    method: 'GET',
    path: `/fanclub/card/${encodeURIComponent(username)}`,
    auth: hasSession(),
    response: fanclubCardResponse,
    loading: quiet ? undefined : 1,
  });

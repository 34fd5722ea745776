import { openStampResponse } from '@app/shared/schemas/chat';
import { apiRequest } from '../../../lib/api.ts';

/** POST /chatroom/open-stamp: the stamp catalogue (names in the page's language) and my balances. */
export const openStamps = () =>
  apiRequest({
    method: 'POST',
    path: '/chatroom/open-stamp',
    body: {},
    auth: true,
    response: openStampResponse,
  });

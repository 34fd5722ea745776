import { okResponse } from '@app/shared/schemas/auth';
import { apiRequest } from '../../../lib/api.ts';

/** POST /square/delete-card {cardId}. */
export const deleteCard = (cardId: string) =>
  apiRequest({
    method: 'POST',
    path: '/square/delete-card',
    body: { cardId },
    auth: true,
    response: okResponse,
  });

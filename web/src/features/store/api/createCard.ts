import { cardResponse, type createCardRequest } from '@app/shared/schemas/store';
import type * as z from 'zod/mini';
import { apiRequest } from '../../../lib/api.ts';

/** POST /square/create-card {source_id, cardholder_name?, uuid?, verification_token?}: registers a card on file. */
export const createCard = (body: z.input<typeof createCardRequest>) =>
  apiRequest({ method: 'POST', path: '/square/create-card', body, auth: true, response: cardResponse });

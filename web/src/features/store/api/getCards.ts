import { cardsResponse } from '@app/shared/schemas/store';
import { apiRequest } from '../../../lib/api.ts';

/** GET /square/cards: the fan's cards on file. */
export const getCards = () =>
  apiRequest({ method: 'GET', path: '/square/cards', auth: true, response: cardsResponse });

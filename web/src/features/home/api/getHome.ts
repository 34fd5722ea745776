import { homeResponse } from '@app/shared/schemas/social';
import { apiRequest } from '../../../lib/api.ts';

/** GET /home: the whole home screen in one call (recommended, rankings, favorites, banner, news, help seen). */
export const getHome = () => apiRequest({ method: 'GET', path: '/home', auth: true, response: homeResponse });

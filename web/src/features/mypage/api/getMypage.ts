import { mypageResponse } from '@app/shared/schemas/mypage';
import { apiRequest } from '../../../lib/api.ts';

/** GET /mypage: profile, user info, bank, and the sign-up progress. */
export const getMypage = () =>
  apiRequest({ method: 'GET', path: '/mypage', auth: true, response: mypageResponse, loading: 1 });

import { summaryResponse } from '@app/shared/schemas/business';
import { apiRequest } from '../../../lib/api.ts';

/**
 * GET /mypage/summary (this month): the leave dialog reads `unpaid_amount`, the rewards leaving
 * forfeits. No loading overlay: the dialog stays usable while it loads.
 */
export const getSummary = () =>
  apiRequest({ method: 'GET', path: '/mypage/summary', auth: true, response: summaryResponse });

import { type PointLogType, pointHistoryResponse } from '@app/shared/schemas/points';
import { apiRequest } from '../../../lib/api.ts';

/** GET /mypage/points?cursor=&type=: balances and one page of the point log, newest first. */
export const getPointHistory = (
  params: { cursor?: string | undefined; type?: PointLogType | undefined } = {},
) =>
  apiRequest({
    method: 'GET',
    path: '/mypage/points',
    query: { cursor: params.cursor, type: params.type },
    auth: true,
    response: pointHistoryResponse,
  });

import {
  autoRenewResponse,
  type BackNumberRequest,
  backNumberResponse,
  type JoinRequest,
  joinResponse,
} from '@app/shared/schemas/fanclub';
import { apiRequest } from '../../../lib/api.ts';

/** POST /fanclub/join: joins at the confirmed price; `key` is the attempt's idempotency key. */
export const joinFanclub = (body: JoinRequest) =>
  apiRequest({ method: 'POST', path: '/fanclub/join', body, auth: true, response: joinResponse, loading: 2 });

/** POST /fanclub/backnumber: buys one past month's pass; `key` as for joining. */
export const buyBackNumber = (body: BackNumberRequest) =>
  apiRequest({
    method: 'POST',
    path: '/fanclub/backnumber',
    body,
    auth: true,
    response: backNumberResponse,
    loading: 2,
  });

/** POST /fanclub/auto-renew: stops or resumes auto-renewal (refused within 24 hours of the renewal). */
export const setAutoRenew = (body: { creator_id: string; auto_renew: boolean }) =>
  apiRequest({
    method: 'POST',
    path: '/fanclub/auto-renew',
    body,
    auth: true,
    response: autoRenewResponse,
    loading: 2,
  });

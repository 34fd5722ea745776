import { type ReserveSaveRequest, reserveResponse } from '@app/shared/schemas/broadcasts';
import { apiRequest } from '../../../lib/api.ts';

/** POST /broadcasting/reserve: creates (no id) or edits (id + version) a scheduled broadcast. */
export const saveReserve = (body: ReserveSaveRequest) =>
  apiRequest({ method: 'POST', path: '/broadcasting/reserve', body, auth: true, response: reserveResponse });

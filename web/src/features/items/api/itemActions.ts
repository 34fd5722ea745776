import { okResponse } from '@app/shared/schemas/shop';
import { apiRequest } from '../../../lib/api.ts';

/** POST /item/pin {id, pin_flg}: pins the item to the profile (at most 3) or unpins it. */
export const pinItem = (id: string, pin: boolean) =>
  apiRequest({
    method: 'POST',
    path: '/item/pin',
    body: { id, pin_flg: pin },
    auth: true,
    response: okResponse,
  });

/** POST /item/publish {id, is_public}: shows or hides the item on the profile. */
export const publishItem = (id: string, isPublic: boolean) =>
  apiRequest({
    method: 'POST',
    path: '/item/publish',
    body: { id, is_public: isPublic },
    auth: true,
    response: okResponse,
  });

/** POST /item/delete {id}: removes the item from the shop (buyers keep it in their library). */
export const deleteItem = (id: string) =>
  apiRequest({ method: 'POST', path: '/item/delete', body: { id }, auth: true, response: okResponse });

import { confirmationResponse, type confirmationTypes } from '@app/shared/schemas/social';
import { apiRequest } from '../../../lib/api.ts';

export type ConfirmationType = (typeof confirmationTypes)[number];

/** POST /confirmation {type}: the viewer has seen a help modal (GET /home's `confirmed` tells it after). */
export const confirm = (type: ConfirmationType) =>
  apiRequest({
    method: 'POST',
    path: '/confirmation',
    body: { type },
    auth: true,
    response: confirmationResponse,
  });

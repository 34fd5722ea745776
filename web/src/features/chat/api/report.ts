import type { reportRequest } from '@app/shared/schemas/chat';
import { reportResponse } from '@app/shared/schemas/chat';
import type * as z from 'zod/mini';
import { apiRequest } from '../../../lib/api.ts';

/** POST /report {type, detail, chatroom_id}: reports the room's peer (1 spam, 2 inappropriate, 3 harassment, 4 other). */
export const report = (body: z.input<typeof reportRequest>) =>
  apiRequest({ method: 'POST', path: '/report', body, auth: true, response: reportResponse });

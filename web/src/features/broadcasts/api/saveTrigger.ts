import { type TriggerSaveRequest, triggerResponse } from '@app/shared/schemas/broadcasts';
import { apiRequest } from '../../../lib/api.ts';

/** POST /broadcasting/trigger: creates (no id) or edits (id + version) a trigger broadcast. */
export const saveTrigger = (body: TriggerSaveRequest) =>
  apiRequest({ method: 'POST', path: '/broadcasting/trigger', body, auth: true, response: triggerResponse });

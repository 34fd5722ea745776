import { type ItemSaveRequest, itemDetailView } from '@app/shared/schemas/shop';
import { apiRequest } from '../../../lib/api.ts';

/** POST /item: creates (no id) or edits the creator's item (a draft, or publishing it). */
export const saveItem = (body: ItemSaveRequest) =>
  apiRequest({ method: 'POST', path: '/item', body, auth: true, response: itemDetailView, loading: 2 });

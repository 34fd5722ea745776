import type { profileItemFilters } from '@app/shared/schemas/shop';
import { socialListQuery } from '@app/shared/schemas/social';
import { getDb } from '../../db/service.ts';
import { httpHandler } from '../../lib/http.ts';
import { profileItems } from '../../services/shop/shelf.ts';

export const handler = httpHandler(
  'GET /profile/{id}/items/{x}',
  { query: socialListQuery },
  async ({ caller, params, query, clock }) =>
    profileItems(
      { db: getDb(), clock },
      caller?.profile ?? null,
      params.id as string,
      params.x as (typeof profileItemFilters)[number],
      query.cursor,
    ),
);

import { type libraryFilters, type libraryViews, shopPageQuery } from '@app/shared/schemas/shop';
import { signedIn } from '../../lib/caller.ts';
import { httpHandler } from '../../lib/http.ts';
import { shopDeps } from '../../lib/shop-deps.ts';
import { listLibrary } from '../../services/shop/library.ts';

export const handler = httpHandler(
  'GET /mypage/library/purchase-log-list/{a}/{b}',
  { query: shopPageQuery },
  async ({ caller, params, query, clock }) =>
    listLibrary(
      shopDeps(clock),
      signedIn(caller).profileId,
      params.a as (typeof libraryViews)[number],
      params.b as (typeof libraryFilters)[number],
      query.cursor,
    ),
);

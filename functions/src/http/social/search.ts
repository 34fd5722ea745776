import { searchRequest } from '@app/shared/schemas/social';
import * as z from 'zod/mini';
import { signedIn } from '../../lib/caller.ts';
import { appDeps } from '../../lib/deps.ts';
import { httpHandler } from '../../lib/http.ts';
import { searchCreators } from '../../services/social/search.ts';

export const handler = httpHandler(
  'POST /profile',
  { body: searchRequest, query: z.object({ cursor: z.optional(z.string()) }) },
  async ({ caller, body, query }) =>
    searchCreators(await appDeps(), signedIn(caller).profileId, body, query.cursor),
);

import { fanclubPageQuery } from '@app/shared/schemas/fanclub';
import { signedIn } from '../../lib/caller.ts';
import { fanclubDeps } from '../../lib/fanclub-deps.ts';
import { httpHandler } from '../../lib/http.ts';
import { listMembers } from '../../services/fanclub/members.ts';

export const handler = httpHandler(
  'GET /fanclub/members/{id}',
  { query: fanclubPageQuery },
  async ({ caller, query, clock }) => listMembers(fanclubDeps(clock), signedIn(caller).profile, query.cursor),
);

import { fanclubDeps } from '../../lib/fanclub-deps.ts';
import { httpHandler } from '../../lib/http.ts';
import { postDetail } from '../../services/fanclub/reading.ts';

export const handler = httpHandler('GET /fanclub/post/{id}', {}, async ({ caller, params, clock }) =>
  postDetail(fanclubDeps(clock), caller?.profile ?? null, params.id as string),
);

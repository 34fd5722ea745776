import { fanclubDeps } from '../../lib/fanclub-deps.ts';
import { httpHandler } from '../../lib/http.ts';
import { fanclubCard } from '../../services/fanclub/card.ts';

export const handler = httpHandler('GET /fanclub/card/{id}', {}, async ({ caller, params, clock }) =>
  fanclubCard(fanclubDeps(clock), caller?.profile ?? null, params.id as string),
);

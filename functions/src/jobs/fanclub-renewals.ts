import { fanclubDeps } from '../lib/fanclub-deps.ts';
import { jobHandler } from '../lib/job.ts';
import { renewDueMemberships } from '../services/fanclub/renewals.ts';

export const handler = jobHandler('fanclub-renewals', async (clock) => ({
  ...(await renewDueMemberships(fanclubDeps(clock))),
}));

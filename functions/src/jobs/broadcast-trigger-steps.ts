import { chatDeps } from '../lib/chat-deps.ts';
import { jobHandler } from '../lib/job.ts';
import { runDueSteps } from '../services/broadcasts/trigger-steps.ts';

/** Every minute: each trigger run whose next chat is due gets it (once, whatever runs at once). */
export const handler = jobHandler('broadcast-trigger-steps', async (clock) => ({
  ...(await runDueSteps(chatDeps(clock))),
}));

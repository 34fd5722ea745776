import { getDb } from '../db/service.ts';
import { jobHandler } from '../lib/job.ts';
import { computeRecommended } from '../services/social/recommended.ts';

/** J7: the recommended creators of home, every 10 minutes (one item rewritten). */
export const handler = jobHandler('recommended', (clock) => computeRecommended({ db: getDb(), clock }));

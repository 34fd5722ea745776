import { getDb } from '../db/service.ts';
import { jobHandler } from '../lib/job.ts';
import { computeItemRankings } from '../services/shop/rankings.ts';

/** Home's item rankings of this JST month by amount and count, every 10 minutes (one snapshot item rewritten). */
export const handler = jobHandler('item-rankings', (clock) => computeItemRankings({ db: getDb(), clock }));

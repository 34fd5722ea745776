import { getDb } from '../db/service.ts';
import { jobHandler } from '../lib/job.ts';
import { expireDueLots } from '../services/points/expiry.ts';

export const handler = jobHandler('point-expiry', (clock) => expireDueLots({ db: getDb(), clock }));

import { getDb } from '../db/service.ts';
import { jobHandler } from '../lib/job.ts';
import { applyDueCostChanges } from '../services/chat/business.ts';

export const handler = jobHandler('chat-cost-switch', (clock) => applyDueCostChanges({ db: getDb(), clock }));

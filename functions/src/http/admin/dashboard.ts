import { getDb } from '../../db/service.ts';
import { dynamo } from '../../lib/aws/dynamo.ts';
import { httpHandler } from '../../lib/http.ts';
import { readDashboard } from '../../services/admin/dashboard.ts';

export const handler = httpHandler('GET /admin/dashboard', {}, async ({ clock }) =>
  readDashboard({ db: getDb(), clock, client: dynamo() }),
);

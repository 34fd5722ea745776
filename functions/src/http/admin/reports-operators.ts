import { getDb } from '../../db/service.ts';
import { httpHandler } from '../../lib/http.ts';
import { listOperators } from '../../services/admin/operators.ts';

/** The operators, by name, for the report assignment's picker. */
export const handler = httpHandler('GET /admin/reports/operators', {}, async () => listOperators(getDb()));

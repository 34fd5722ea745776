import { operatorListResponse } from '@app/shared/schemas/admin-reports';
import { apiRequest } from '../../../lib/api.ts';

/** GET /admin/reports/operators: every operator (id and name), for the assignment's picker. */
export const listOperators = () =>
  apiRequest({ method: 'GET', path: '/admin/reports/operators', auth: true, response: operatorListResponse });

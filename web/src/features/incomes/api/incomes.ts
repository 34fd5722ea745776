import {
  incomeListResponse,
  type PaymentType,
  statementResponse,
  summaryResponse,
} from '@app/shared/schemas/business';
import { apiRequest } from '../../../lib/api.ts';

export interface Month {
  year: number;
  month: number;
}

/** The month's query; none for the current month as the API's clock has it. */
const monthQuery = (m: Month | null) => (m ? { year: String(m.year), month: String(m.month) } : {});

/** GET /mypage/incomes?year=&month=&payment_type=&cursor=: one page of the month's income rows. */
export const getIncomes = (
  m: Month | null,
  paymentType: PaymentType | undefined,
  cursor: string | undefined,
) =>
  apiRequest({
    method: 'GET',
    path: '/mypage/incomes',
    query: {
      ...monthQuery(m),
      payment_type: paymentType === undefined ? undefined : String(paymentType),
      cursor,
    },
    auth: true,
    response: incomeListResponse,
  });

/** GET /mypage/summary?year=&month=: the month by type, the withdrawable amount, the chart. */
export const getSummary = (m: Month | null) =>
  apiRequest({
    method: 'GET',
    path: '/mypage/summary',
    query: monthQuery(m),
    auth: true,
    response: summaryResponse,
  });

/** GET /mypage/statement?year=&month=: a closed month's statement. */
export const getStatement = (m: Month) =>
  apiRequest({
    method: 'GET',
    path: '/mypage/statement',
    query: monthQuery(m),
    auth: true,
    response: statementResponse,
  });

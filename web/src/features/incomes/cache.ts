/** Income in the query cache: the rows (an infinite query per month and filter), the summary, statements. */
import type { PaymentType } from '@app/shared/schemas/business';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { pagedQuery, unwrap } from '../../lib/query.ts';
import { getIncomes, getStatement, getSummary, type Month } from './api/incomes.ts';
import { ymOf } from './format.ts';

export type IncomeFilter = 'all' | PaymentType;

export const incomeKeys = {
  all: ['incomes'] as const,
  /** `null`: the current month (as the API's clock has it). */
  rows: (m: Month | null, filter: IncomeFilter) =>
    ['incomes', 'rows', m ? ymOf(m) : 'current', filter] as const,
  summary: (m: Month | null) => ['incomes', 'summary', m ? ymOf(m) : 'current'] as const,
  statement: (m: Month) => ['incomes', 'statement', m.year, m.month] as const,
};

export const useIncomeRows = (m: Month | null, filter: IncomeFilter, enabled = true) =>
  useInfiniteQuery({
    ...pagedQuery({
      queryKey: incomeKeys.rows(m, filter),
      page: (cursor) => getIncomes(m, filter === 'all' ? undefined : filter, cursor),
    }),
    enabled,
  });

export const useSummary = (m: Month | null, enabled = true) =>
  useQuery({ queryKey: incomeKeys.summary(m), queryFn: async () => unwrap(await getSummary(m)), enabled });

export const useStatement = (m: Month) =>
  useQuery({ queryKey: incomeKeys.statement(m), queryFn: async () => unwrap(await getStatement(m)) });

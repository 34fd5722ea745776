/** The console's reports and users in the query cache. */
import type { ReportListQuery } from '@app/shared/schemas/admin-reports';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { pagedQuery, unwrap } from '../../lib/query.ts';
import { findUsers } from './api/findUsers.ts';
import { getReport } from './api/getReport.ts';
import { getUser } from './api/getUser.ts';
import { listOperators } from './api/listOperators.ts';
import { listReports } from './api/listReports.ts';

type Filter = Omit<ReportListQuery, 'cursor'>;

export const reportKeys = {
  all: ['admin-reports'] as const,
  list: (filter: Filter) => ['admin-reports', 'list', filter] as const,
  detail: (id: string) => ['admin-reports', 'detail', id] as const,
  operators: ['admin-reports', 'operators'] as const,
  users: ['admin-users'] as const,
  find: (q: string) => ['admin-users', 'find', q] as const,
  user: (id: string) => ['admin-users', 'user', id] as const,
};

export const useReportList = (filter: Filter) =>
  useInfiniteQuery(pagedQuery({ queryKey: reportKeys.list(filter), page: (c) => listReports(filter, c) }));

/** A report (a file's presigned URL lives an hour: read again whenever the page is opened). */
export const useReport = (id: string) =>
  useQuery({
    queryKey: reportKeys.detail(id),
    queryFn: async () => unwrap(await getReport(id)),
    staleTime: 0,
  });

export const useUserSearch = (q: string) =>
  useQuery({
    queryKey: reportKeys.find(q),
    queryFn: async () => unwrap(await findUsers(q)),
    enabled: q !== '',
  });

export const useAdminUser = (id: string) =>
  useQuery({ queryKey: reportKeys.user(id), queryFn: async () => unwrap(await getUser(id)) });

/** The operators one may assign a report to (they change seldom: kept for the session's screens). */
export const useOperators = () =>
  useQuery({
    queryKey: reportKeys.operators,
    queryFn: async () => unwrap(await listOperators()),
    staleTime: 5 * 60_000,
  });

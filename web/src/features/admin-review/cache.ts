/** The review section's server state: the organization queues, the item lists and an item. */
import type { OrganizationStatus } from '@app/shared/organizations';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { pagedQuery, unwrap } from '../../lib/query.ts';
import { getItem } from './api/getItem.ts';
import { getItems } from './api/getItems.ts';
import { getOrganizations } from './api/getOrganizations.ts';

export const reviewKeys = {
  organizations: ['admin', 'organizations'] as const,
  queue: (status: OrganizationStatus) => ['admin', 'organizations', status] as const,
  items: ['admin', 'items'] as const,
  list: (creator: string | null) => ['admin', 'items', 'list', creator ?? ''] as const,
  item: (id: string) => ['admin', 'items', 'one', id] as const,
};

export const useOrganizationQueue = (status: OrganizationStatus) =>
  useInfiniteQuery(
    pagedQuery({ queryKey: reviewKeys.queue(status), page: (cursor) => getOrganizations(status, cursor) }),
  );

export const useAdminItems = (creator: string | null) =>
  useInfiniteQuery(
    pagedQuery({ queryKey: reviewKeys.list(creator), page: (cursor) => getItems(creator, cursor) }),
  );

/** The item page; its private files' URLs are short-lived, so it is read again on each visit. */
export const useAdminItem = (id: string) =>
  useQuery({ queryKey: reviewKeys.item(id), queryFn: async () => unwrap(await getItem(id)), staleTime: 0 });

import type { QueryClient } from '@tanstack/react-query';
import type { Page } from '../../app/api.ts';

/** Records created while a list is open, shown first (spec 000 §4: new records go to the top). */
export const pinnedKey = (queryKey: readonly unknown[]) => ['pinned', ...queryKey] as const;

export function pinRow<T>(
  queryClient: QueryClient,
  queryKey: readonly unknown[],
  getRowId: (row: T) => string,
  record: T,
): void {
  const id = getRowId(record);
  queryClient.setQueryData<T[]>(pinnedKey(queryKey), (rows = []) => [
    record,
    ...rows.filter((r) => getRowId(r) !== id),
  ]);
}

/**
 * Spec 000 §4: inactivate and activate replace the record with the one the server returned. The cached
 * pages under `queryKey` get the new record at once; callers may still invalidate to refetch.
 */
export function replaceRow<T>(
  queryClient: QueryClient,
  queryKey: readonly unknown[],
  getRowId: (row: T) => string,
  record: T,
): void {
  const id = getRowId(record);
  const swap = (row: T) => (getRowId(row) === id ? record : row);
  queryClient.setQueriesData<Page<T>>({ queryKey }, (page) =>
    page && Array.isArray(page.results) ? { ...page, results: page.results.map(swap) } : page,
  );
  queryClient.setQueryData<T[]>(pinnedKey(queryKey), (rows) => rows?.map(swap));
}

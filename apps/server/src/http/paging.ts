import type { Page, PageQuery } from '@sigece/fiscal';

/** The `{ code, results, page, limit, totalPages, totalResults }` answer of every paged list. */
export function pageOf<T>(query: PageQuery, results: T[], totalResults: number): Page<T> & { code: number } {
  return {
    code: 200,
    results,
    page: query.page,
    limit: query.limit,
    totalPages: Math.max(1, Math.ceil(totalResults / query.limit)),
    totalResults,
  };
}

export const offsetOf = (query: PageQuery) => (query.page - 1) * query.limit;

/** A search term made safe for ILIKE: its wildcards match themselves. */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

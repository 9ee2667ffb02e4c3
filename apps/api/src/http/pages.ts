// Paged lists as Django REST Framework pages them, the same for every list the API pages (users,
// audit events, finished games): which rows a page holds, 404 past the last page, and the answer
// with its links to the next and previous pages.
import type { FastifyRequest } from 'fastify';
import { notFound } from './errors';
import { pageLink } from './public-url';

export const INVALID_PAGE = 'Invalid page.';

/** A list query's page (from 1) and page size (the contracts' pageQuery). */
export interface PageQuery {
  page: number;
  page_size: number;
}

/** Where the rows of the page start, and how many it holds. */
export function pageWindow({ page, page_size }: PageQuery): { offset: number; limit: number } {
  return { offset: (page - 1) * page_size, limit: page_size };
}

/** Page 1 of nothing is an empty page; a later page with no rows is past the end: 404 "Invalid page.". */
export function refusePastLastPage(rowsOnPage: number, { page }: PageQuery): void {
  if (rowsOnPage === 0 && page > 1) throw notFound(INVALID_PAGE);
}

/** The answer: the count, the list's links to the next and previous page (`pageLink`), the page's results. */
export function pageAnswer<T>(request: FastifyRequest, query: PageQuery, count: number, results: T[]) {
  const lastPage = Math.max(1, Math.ceil(count / query.page_size));
  return {
    count,
    next: query.page < lastPage ? pageLink(request, query, query.page + 1) : null,
    previous: query.page > 1 ? pageLink(request, query, query.page - 1) : null,
    results,
  };
}

// Paged lists (users, audit log): a page past the last one (after a delete, or an old link)
// answers 404 "Invalid page."; the list then shows its last page instead of an error.
import { ApiError } from './api-client';
import { lastPageOf } from './pagination';

export async function fetchPageOrLast<
  P extends { page: number; page_size: number },
  R extends { count: number },
>(
  getPage: (params: P, signal?: AbortSignal) => Promise<R>,
  params: P,
  signal?: AbortSignal,
): Promise<R & { page: number }> {
  try {
    return { ...(await getPage(params, signal)), page: params.page };
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404 && params.page > 1)) throw error;
    const firstPage = await getPage({ ...params, page: 1 }, signal);
    const last = lastPageOf(firstPage.count, params.page_size);
    if (last === 1) return { ...firstPage, page: 1 };
    return { ...(await getPage({ ...params, page: last }, signal)), page: last };
  }
}

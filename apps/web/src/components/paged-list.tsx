// The body of a paged list whose page is in the URL (the users list, the audit log): the list (its
// table) dimmed under a spinner while the next page loads, or the load error with 'Try again'; then
// the pagination. The pages come through lib/fetch-page-or-last.ts, so a page past the end (after a
// delete, or an old link) shows the last page, and the URL follows the page shown.
import { LoadingOverlay } from '@mantine/core';
import { type ReactNode, useEffect } from 'react';
import { lastPageOf } from '../lib/pagination';
import { ListPagination } from './list-pagination';
import { LoadErrorAlert } from './load-error-alert';

interface PagedListQuery {
  /** `page` is the page shown: the one asked for, or the last one when that was past the end. */
  data: { count: number; page: number } | undefined;
  error: unknown;
  isError: boolean;
  isFetching: boolean;
  isPlaceholderData: boolean;
  refetch: () => unknown;
}

interface PagedListProps {
  query: PagedListQuery;
  /** The page and its size asked for, from the URL. */
  params: { page: number; page_size: number };
  changeParams: (change: { page?: number; page_size?: number }, options?: { replace?: boolean }) => void;
  pageSizes: readonly number[];
  loadErrorTitle: string;
  /** false hides the pagination (while the filters cannot be asked for, say). */
  paginated?: boolean;
  className?: string;
  /** The list itself, e.g. its table. */
  children: ReactNode;
}

export function PagedList({
  query,
  params,
  changeParams,
  pageSizes,
  loadErrorTitle,
  paginated = true,
  className,
  children,
}: PagedListProps) {
  const { data, isPlaceholderData } = query;
  // The asked page was past the end (404 "Invalid page."): the URL follows the page shown.
  useEffect(() => {
    if (data && !isPlaceholderData && data.page !== params.page) {
      changeParams({ page: data.page }, { replace: true });
    }
  }, [data, isPlaceholderData, params.page, changeParams]);

  const lastPage = data ? lastPageOf(data.count, params.page_size) : 1;
  return (
    <>
      {query.isError && !data ? (
        <LoadErrorAlert title={loadErrorTitle} error={query.error} onRetry={() => query.refetch()} />
      ) : (
        <div className={className} style={{ position: 'relative' }}>
          <LoadingOverlay
            visible={isPlaceholderData && query.isFetching}
            zIndex={2}
            overlayProps={{ blur: 1, backgroundOpacity: 0.4 }}
            loaderProps={{ size: 'sm' }}
          />
          {children}
        </div>
      )}

      {data && paginated && (
        <ListPagination
          page={Math.min(params.page, lastPage)}
          lastPage={lastPage}
          pageSize={params.page_size}
          pageSizes={pageSizes}
          count={data.count}
          onPageChange={(page) => changeParams({ page })}
          onPageSizeChange={(pageSize) => changeParams({ page_size: pageSize })}
        />
      )}
    </>
  );
}

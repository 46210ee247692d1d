import { useCallback, useState } from 'react';

/**
 * The search and page of a server-paged table: a new search, like a new filter, starts again at the
 * first page, since the old page number may lie past the end of the new result.
 */
export function useSearchPaging() {
  const [search, setSearch] = useState({ q: '', page: 1 });
  const onSearch = useCallback(
    (q: string) => setSearch((current) => (current.q === q ? current : { q, page: 1 })),
    [],
  );
  const setPage = useCallback((page: number) => setSearch((current) => ({ ...current, page })), []);
  const firstPage = useCallback(() => setPage(1), [setPage]);
  return { q: search.q, page: search.page, onSearch, setPage, firstPage };
}

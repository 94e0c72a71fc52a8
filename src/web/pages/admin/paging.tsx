import { useSearchParams } from 'react-router';
import { PAGE_SIZE, pageCursor, usePageNumber } from '../../components/Paging.tsx';

/** The connection arguments of an admin list's search text and page number in the URL (?q=…&page=…). */
export function useListParams() {
  const [params] = useSearchParams();
  const variables = { query: params.get('q') || null, first: PAGE_SIZE, after: pageCursor(usePageNumber()) ?? null };
  return { variables };
}

import { useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';

/** How many entries a page of a list shows. */
export const PAGE_SIZE = 20;

/**
 * The `after` cursor of page `page` (1-based) of an offset connection: the graph's offset cursors are
 * "OffsetConnection:<index>", base64, so a page number in the URL maps to one without walking the pages.
 */
export function pageCursor(page: number, size = PAGE_SIZE): string | undefined {
  return page > 1 ? btoa(`OffsetConnection:${(page - 1) * size - 1}`) : undefined;
}

/** The 1-based page number of the URL (?page=N). */
export function usePageNumber(): number {
  const [params] = useSearchParams();
  const n = Number(params.get('page') ?? '1');
  return Number.isInteger(n) && n > 0 ? n : 1;
}

/** Previous and next links over numbered pages (?page=N) of `size` of a list of `total`, with where the reader is. */
export function Pager({ total, size = PAGE_SIZE }: { total: number; size?: number }) {
  const [params] = useSearchParams();
  const current = usePageNumber();
  const pages = Math.max(1, Math.ceil(total / size));
  if (pages <= 1) return null;
  const to = (n: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(n));
    return `?${next}`;
  };
  return (
    <nav aria-label="Pages" className="row pager">
      {current > 1 && <Link to={to(current - 1)}>Previous</Link>}
      <span>
        Page {current} of {pages}
      </span>
      {current < pages && <Link to={to(current + 1)}>Next</Link>}
    </nav>
  );
}

/** The window of a cursor-paged list the URL asks for (?after= or ?before=), as connection arguments. */
export function useCursorWindow(size = PAGE_SIZE): { first: number; after: string | null } | { last: number; before: string } {
  const [params] = useSearchParams();
  const before = params.get('before');
  return before ? { last: size, before } : { first: size, after: params.get('after') };
}

export interface CursorPageInfo {
  hasNextPage: boolean;
  endCursor?: string | null;
  hasPreviousPage?: boolean;
  startCursor?: string | null;
}

/**
 * Previous and next links of a cursor-paged list, keeping the URL's other parameters (its filters). A list
 * read forward only (no previous page in its page info) offers its first page instead.
 */
export function CursorPager({ pageInfo }: { pageInfo: CursorPageInfo }) {
  const [params] = useSearchParams();
  const to = (key: 'after' | 'before' | null, cursor?: string | null) => {
    const next = new URLSearchParams(params);
    next.delete('after');
    next.delete('before');
    if (key && cursor) next.set(key, cursor);
    return `?${next}`;
  };
  const paged = params.has('after') || params.has('before');
  const previous = pageInfo.hasPreviousPage && pageInfo.startCursor;
  const first = !previous && pageInfo.hasPreviousPage === undefined && paged;
  const next = pageInfo.hasNextPage && pageInfo.endCursor;
  if (!previous && !first && !next) return null;
  return (
    <nav aria-label="Pages" className="row pager">
      {previous && <Link to={to('before', pageInfo.startCursor)}>Previous page</Link>}
      {first && <Link to={to(null)}>First page</Link>}
      {next && <Link to={to('after', pageInfo.endCursor)}>Next page</Link>}
    </nav>
  );
}

/** A search box whose text lives in the URL (?q=), so a search can be shared; searching goes back to page 1. */
export function SearchBox({ label, children }: { label: string; children?: ReactNode }) {
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState(params.get('q') ?? '');
  return (
    <form
      role="search"
      className="row search-box"
      onSubmit={(e) => {
        e.preventDefault();
        const next = new URLSearchParams(params);
        if (text.trim()) next.set('q', text.trim());
        else next.delete('q');
        next.delete('page');
        next.delete('after');
        next.delete('before');
        setParams(next);
      }}
    >
      <label className="inline">
        <span className="visually-hidden">{label}</span>
        <input type="search" value={text} onChange={(e) => setText(e.target.value)} placeholder={label} />
      </label>
      <button type="submit">Search</button>
      {children}
    </form>
  );
}

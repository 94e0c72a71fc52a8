import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';

export const PAGE_SIZE = 20;

/** The server's offset cursor (Pothos's offset connections): the list goes on after item `offset`. */
const offsetCursor = (offset: number) => btoa(`OffsetConnection:${offset}`);

/** The list's search text and page number from the URL (?q=…&page=…), and the variables they make. */
export function useListParams() {
  const [params] = useSearchParams();
  const query = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const variables = { query: query || null, first: PAGE_SIZE, after: page > 1 ? offsetCursor((page - 1) * PAGE_SIZE - 1) : null };
  return { query, page, variables };
}

/** A search box for a list; searching starts again at its first page. */
export function SearchForm({ label, initial }: { label: string; initial: string }) {
  const [, setParams] = useSearchParams();
  const [text, setText] = useState(initial);
  function submit(event: FormEvent) {
    event.preventDefault();
    setParams(text.trim() ? { q: text.trim() } : {});
  }
  return (
    <form role="search" className="row admin-search" onSubmit={submit}>
      <label className="inline">
        {label}
        <input type="search" name="q" value={text} onChange={(e) => setText(e.target.value)} />
      </label>
      <button type="submit">Search</button>
    </form>
  );
}

/** Previous and next links of a paged list, with where the reader is. */
export function Pager({ page, totalCount }: { page: number; totalCount: number }) {
  const [params] = useSearchParams();
  const pages = Math.max(1, Math.ceil(totalCount / PAGE_SIZE));
  if (pages === 1) return null;
  const to = (n: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(n));
    return `?${next.toString()}`;
  };
  return (
    <nav aria-label="Pages" className="row admin-pager">
      {page > 1 && <Link to={to(page - 1)}>Previous</Link>}
      <span>
        Page {page} of {pages}
      </span>
      {page < pages && <Link to={to(page + 1)}>Next</Link>}
    </nav>
  );
}

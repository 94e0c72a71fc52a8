import { useState, type ReactNode } from 'react';
import { Link, NavLink, useSearchParams } from 'react-router';
import type { RepositoryListItemFragment } from '../../__generated__/pages/explore/explore.ts';
import { Avatar } from '../../components/Avatar.tsx';
import { TimeAgo } from '../../components/Time.tsx';

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

/** The tabs of the explore pages. */
export function ExploreTabs() {
  return (
    <nav aria-label="Explore" className="tabs">
      <NavLink to="/explore/repos">Repositories</NavLink>
      <NavLink to="/explore/users">Users</NavLink>
      <NavLink to="/explore/organizations">Organizations</NavLink>
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
      className="row explore-search"
      onSubmit={(e) => {
        e.preventDefault();
        const next = new URLSearchParams(params);
        if (text.trim()) next.set('q', text.trim());
        else next.delete('q');
        next.delete('page');
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

/** Previous and next links over pages of `size` of a list of `total`. */
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

/** One repository of a list: its name, badges, description and counts. */
export function RepositoryItem({ repo }: { repo: RepositoryListItemFragment }) {
  return (
    <li className="repo-item">
      <div className="row">
        <Avatar url={repo.owner.avatarUrl} login={repo.owner.login} />
        <Link to={`/${repo.fullName}`}>{repo.fullName}</Link>
        {repo.isPrivate && <span className="label">Private</span>}
        {repo.isFork && <span className="label">Fork</span>}
        {repo.isArchived && <span className="label">Archived</span>}
      </div>
      {repo.description && <p>{repo.description}</p>}
      <p className="muted row">
        <span>{repo.starCount} stars</span>
        <span>{repo.forkCount} forks</span>
        <span>
          Updated <TimeAgo iso={repo.updatedAt} />
        </span>
      </p>
    </li>
  );
}

/** The select that sorts a list by ?sort=, going back to page 1. */
export function SortSelect({ options, fallback }: { options: Record<string, { label: string }>; fallback: string }) {
  const [params, setParams] = useSearchParams();
  const current = options[params.get('sort') ?? ''] ? params.get('sort')! : fallback;
  return (
    <label className="inline">
      Sort
      <select
        value={current}
        onChange={(e) => {
          const next = new URLSearchParams(params);
          next.set('sort', e.target.value);
          next.delete('page');
          setParams(next);
        }}
      >
        {Object.entries(options).map(([key, o]) => (
          <option key={key} value={key}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Gitea's sort names for lists of accounts (?sort=) and what the graph sorts by. */
export const ACCOUNT_SORTS: Record<string, { label: string; sort: string; order: 'asc' | 'desc' }> = {
  newest: { label: 'Newest', sort: 'created', order: 'desc' },
  oldest: { label: 'Oldest', sort: 'created', order: 'asc' },
  alphabetically: { label: 'Alphabetically', sort: 'alpha', order: 'asc' },
  reversealphabetically: { label: 'Reverse alphabetically', sort: 'alpha', order: 'desc' },
};

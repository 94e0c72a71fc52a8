import { Link, NavLink, useSearchParams } from 'react-router';
import type { RepositoryListItemFragment } from '../../__generated__/pages/explore/explore.ts';
import { Avatar } from '../../components/Avatar.tsx';
import { TimeAgo } from '../../components/Time.tsx';

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

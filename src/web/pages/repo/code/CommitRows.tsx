import { Link } from 'react-router';
import type { CommitRowFragment } from '../../../__generated__/pages/repo/code/code.ts';
import { TimeAgo } from '../../../components/Time.tsx';
import { commitUrl } from './paths.ts';

/** Commits as a list: title, author, date and the short id linking to each. */
export function CommitRows({ repo, commits }: { repo: string; commits: CommitRowFragment[] }) {
  if (commits.length === 0) return <p className="muted">No commits.</p>;
  return (
    <ul className="plain commit-list">
      {commits.map((c) => (
        <li key={c.oid} className="row">
          <Link className="commit-title" to={commitUrl(repo, c.oid)}>
            {c.messageHeadline || '(no message)'}
          </Link>
          <span className="muted">
            {c.author.user ? <Link to={`/${c.author.user.login}`}>{c.author.name}</Link> : c.author.name} committed <TimeAgo iso={c.author.date} />
          </span>
          <Link className="mono commit-sha" to={commitUrl(repo, c.oid)} aria-label={`Commit ${c.abbreviatedOid}`}>
            {c.abbreviatedOid}
          </Link>
        </li>
      ))}
    </ul>
  );
}

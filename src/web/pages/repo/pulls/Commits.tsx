import { Link } from 'react-router';
import { useQuery } from 'urql';
import { PullCommitsDocument } from '../../../__generated__/pages/repo/pulls/pulls.ts';
import { ErrorMessage, Loading, NotFound } from '../../../components/Status.tsx';
import { TimeAgo } from '../../../components/Time.tsx';
import { useRepositoryName } from '../RepoLayout.tsx';
import { PullFrame, usePullNumber } from './parts.tsx';

/** The commits a pull request brings, newest first, each linking to its page. */
export default function Commits() {
  const { owner, name } = useRepositoryName();
  const number = usePullNumber();
  const [{ data, error, fetching }] = useQuery({ query: PullCommitsDocument, variables: { owner, name, number }, pause: Number.isNaN(number) });
  if (Number.isNaN(number)) return <NotFound />;
  if (error) return <ErrorMessage error={error} />;
  if (fetching && !data) return <Loading />;
  const pull = data?.repository?.pullRequest;
  if (!pull) return <NotFound />;
  const { nodes, totalCount } = pull.commits;
  return (
    <article aria-labelledby="pull-title" className="pull-page">
      <PullFrame pull={pull} repo={`${owner}/${name}`} />
      <section aria-labelledby="commits-title">
        <h3 id="commits-title">
          Commits <span className="count">{totalCount}</span>
        </h3>
        {nodes.length === 0 ? (
          <p className="muted">No commits.</p>
        ) : (
          <ul className="plain pull-commits">
            {nodes.map((c) => (
              <li key={c.oid} className="row">
                <Link to={`/${owner}/${name}/commit/${c.oid}`}>{c.messageHeadline || '(no message)'}</Link>
                <span className="muted">
                  {c.author.user ? <Link to={`/${c.author.user.login}`}>{c.author.user.login}</Link> : c.author.name}
                  {c.author.date && (
                    <>
                      {' '}
                      <TimeAgo iso={c.author.date} />
                    </>
                  )}
                </span>
                <code>{c.abbreviatedOid}</code>
              </li>
            ))}
          </ul>
        )}
        {totalCount > nodes.length && <p className="muted">Showing the newest {nodes.length} of {totalCount} commits.</p>}
      </section>
    </article>
  );
}

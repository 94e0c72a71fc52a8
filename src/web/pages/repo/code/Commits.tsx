import { Link, useParams, useSearchParams } from 'react-router';
import { useQuery } from 'urql';
import { CommitListDocument } from '../../../__generated__/pages/repo/code/code.ts';
import { ErrorMessage, Loading, NotFound } from '../../../components/Status.tsx';
import { useRepository, useRepositoryName } from '../RepoLayout.tsx';
import { CommitRows } from './CommitRows.tsx';
import { isNotFound } from './not-found.ts';
import { srcUrl } from './paths.ts';

/** /{repo}/commits/branch/{branch}: the branch's history, newest first, 30 a page. */
export default function Commits() {
  const repository = useRepository();
  const branch = useParams()['*'] ?? '';
  const [search] = useSearchParams();
  const after = search.get('after');
  const [{ data, error }] = useQuery({ query: CommitListDocument, variables: { ...useRepositoryName(), rev: `refs/heads/${branch}`, after } });
  if (isNotFound(error)) return <NotFound />;
  if (error) return <ErrorMessage error={error} />;
  const commits = data?.repository?.commits;
  if (!commits) return <Loading />;
  return (
    <section aria-labelledby="commits-title">
      <h1 id="commits-title">
        Commits on <Link to={srcUrl(repository.fullName, 'branch', branch)}>{branch}</Link> <span className="count">{commits.totalCount}</span>
      </h1>
      <CommitRows repo={repository.fullName} commits={commits.nodes} />
      <nav aria-label="Pages" className="row pager">
        {after && <Link to="?">Newest</Link>}
        {commits.pageInfo.hasNextPage && commits.pageInfo.endCursor && <Link to={`?after=${encodeURIComponent(commits.pageInfo.endCursor)}`}>Older</Link>}
      </nav>
    </section>
  );
}

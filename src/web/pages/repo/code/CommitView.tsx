import { Link, useParams } from 'react-router';
import { useQuery } from 'urql';
import { CommitDetailDocument } from '../../../__generated__/pages/repo/code/code.ts';
import { Diff } from '../../../components/Diff.tsx';
import { ErrorMessage, Loading, NotFound } from '../../../components/Status.tsx';
import { TimeAgo } from '../../../components/Time.tsx';
import { useRepository, useRepositoryName } from '../RepoLayout.tsx';
import { isNotFound } from './not-found.ts';
import { commitUrl, srcUrl } from './paths.ts';

/** /{repo}/commit/{sha}: the message, who and when, the parents, and the diff against the first parent. */
export default function CommitView() {
  const repository = useRepository();
  const { sha = '' } = useParams();
  const [{ data, error }] = useQuery({ query: CommitDetailDocument, variables: { ...useRepositoryName(), rev: sha } });
  if (isNotFound(error)) return <NotFound />;
  if (error) return <ErrorMessage error={error} />;
  if (!data) return <Loading />;
  const commit = data.repository?.commit;
  if (!commit) return <NotFound />;
  const repo = repository.fullName;
  const body = commit.message.slice(commit.messageHeadline.length).trim();
  return (
    <article className="commit-view" aria-labelledby="commit-title">
      <div className="box">
        <header>
          <h1 id="commit-title">{commit.messageHeadline || '(no message)'}</h1>
          {body && <pre className="commit-body">{body}</pre>}
        </header>
        <div className="body row">
          <span>
            {commit.author.user ? <Link to={`/${commit.author.user.login}`}>{commit.author.name}</Link> : commit.author.name} authored{' '}
            <TimeAgo iso={commit.author.date} />
            {commit.committer.name !== commit.author.name && ` · ${commit.committer.name} committed`}
          </span>
          <span className="muted">
            {commit.parentOids.length === 1 ? 'Parent' : 'Parents'}{' '}
            {commit.parentOids.map((p) => (
              <Link key={p} className="mono" to={commitUrl(repo, p)}>
                {p.slice(0, 10)}
              </Link>
            ))}
          </span>
          <span className="mono muted">commit {commit.oid}</span>
          <Link to={srcUrl(repo, 'commit', commit.oid)}>Browse files</Link>
        </div>
      </div>
      <Diff diff={commit.diff} />
    </article>
  );
}

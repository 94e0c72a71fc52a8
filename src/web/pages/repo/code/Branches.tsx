import { Link, useSearchParams } from 'react-router';
import { useQuery } from 'urql';
import { CursorPager } from '../../../components/Paging.tsx';
import { BranchListDocument } from '../../../__generated__/pages/repo/code/code.ts';
import { ErrorMessage, Loading } from '../../../components/Status.tsx';
import { TimeAgo } from '../../../components/Time.tsx';
import { useRepository, useRepositoryName } from '../RepoLayout.tsx';
import { commitUrl, encodePath, srcUrl } from './paths.ts';

/** /{repo}/branches: every branch with its head commit, 30 a page. */
export default function Branches() {
  const repository = useRepository();
  const after = useSearchParams()[0].get('after');
  const [{ data, error }] = useQuery({ query: BranchListDocument, variables: { ...useRepositoryName(), after } });
  if (error) return <ErrorMessage error={error} />;
  const branches = data?.repository?.branches;
  if (!branches) return <Loading />;
  const repo = repository.fullName;
  return (
    <section aria-labelledby="branches-title">
      <h1 id="branches-title">
        Branches <span className="count">{branches.totalCount}</span>
      </h1>
      <ul className="plain ref-list">
        {branches.nodes.map((b) => (
          <li key={b.name} className="row">
            <Link className="ref-name" to={srcUrl(repo, 'branch', b.name)}>
              {b.name}
            </Link>
            {b.isDefault && <span className="label">default</span>}
            {b.protected && <span className="label">protected</span>}
            <Link className="muted" to={commitUrl(repo, b.commit.oid)}>
              {b.commit.messageHeadline}
            </Link>
            <span className="muted">
              <TimeAgo iso={b.commit.committer.date} />
            </span>
            {!b.isDefault && <Link to={`/${repo}/compare/${encodePath(repository.defaultBranch)}...${encodePath(b.name)}`}>Compare</Link>}
          </li>
        ))}
      </ul>
      <CursorPager pageInfo={branches.pageInfo} />
    </section>
  );
}


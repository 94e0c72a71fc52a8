import { useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery } from 'urql';
import { AdminDeleteRepositoryDocument, AdminRepositoriesDocument, type AdminRepositoriesQuery } from '../../__generated__/pages/admin/admin.ts';
import { ErrorMessage, Loading } from '../../components/Status.tsx';
import { TimeAgo } from '../../components/Time.tsx';
import { ConfirmButton } from './ConfirmButton.tsx';
import { formatBytes } from './format.ts';
import { useListParams } from './paging.tsx';
import { Pager, SearchBox } from '../../components/Paging.tsx';

type Repo = AdminRepositoriesQuery['repositories']['nodes'][number];

/** /-/admin/repos: every repository, private ones too, searched by name, a page at a time; each may be deleted. */
export default function Repositories() {
  const { variables } = useListParams();
  const [{ data, error }, refetch] = useQuery({ query: AdminRepositoriesDocument, variables, requestPolicy: 'cache-and-network' });
  const [deleted, setDeleted] = useState<string | null>(null);
  const onDeleted = (fullName: string) => {
    setDeleted(fullName);
    refetch({ requestPolicy: 'network-only' });
  };
  return (
    <section aria-labelledby="admin-repos-title">
      <h1 id="admin-repos-title">
        Repositories {data && <span className="count">{data.repositories.totalCount}</span>}
      </h1>
      <SearchBox label="Search repositories" />
      <p role="status" className="success">
        {deleted && `The repository ${deleted} was deleted.`}
      </p>
      {error ? (
        <ErrorMessage error={error} />
      ) : !data ? (
        <Loading />
      ) : data.repositories.nodes.length === 0 ? (
        <p className="muted">No repository matches.</p>
      ) : (
        <>
          <div className="table-wrap">
            <table>
              <thead>
                <tr>
                  <th scope="col">ID</th>
                  <th scope="col">Repository</th>
                  <th scope="col">Stars</th>
                  <th scope="col">Size</th>
                  <th scope="col">Updated</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {data.repositories.nodes.map((repo) => (
                  <RepoRow repo={repo} key={repo.databaseId} onDeleted={onDeleted} />
                ))}
              </tbody>
            </table>
          </div>
          <Pager total={data.repositories.totalCount} />
        </>
      )}
    </section>
  );
}

function RepoRow({ repo, onDeleted }: { repo: Repo; onDeleted: (fullName: string) => void }) {
  const [result, remove] = useMutation(AdminDeleteRepositoryDocument);
  const [owner, name] = repo.fullName.split('/');
  async function confirm() {
    const outcome = await remove({ owner, name });
    if (outcome.data?.deleteRepository) onDeleted(repo.fullName);
  }
  return (
    <tr>
      <td>{repo.databaseId}</td>
      <td>
        <Link to={`/${repo.fullName}`}>{repo.fullName}</Link>{' '}
        {repo.isPrivate && <span className="label">Private</span>} {repo.isFork && <span className="label">Fork</span>}{' '}
        {repo.isArchived && <span className="label">Archived</span>}
      </td>
      <td>{repo.starCount}</td>
      <td>{formatBytes(repo.sizeKib * 1024)}</td>
      <td>
        <TimeAgo iso={repo.updatedAt} />
      </td>
      <td>
        <ConfirmButton label={`Delete ${repo.fullName}`} question={`Delete ${repo.fullName}? This cannot be undone.`} confirmLabel="Yes, delete" busy={result.fetching} onConfirm={() => void confirm()} />
        {result.error && <ErrorMessage error={result.error} />}
      </td>
    </tr>
  );
}

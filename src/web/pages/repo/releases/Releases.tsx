import { Link } from 'react-router';
import { useQuery } from 'urql';
import { ReleasesDocument } from '../../../__generated__/pages/repo/releases/releases.ts';
import { ErrorMessage, Loading, NotFound } from '../../../components/Status.tsx';
import { PAGE_SIZE, Pager, pageCursor, usePageNumber } from '../../../components/Paging.tsx';
import { useRepository, useRepositoryName } from '../RepoLayout.tsx';
import { ReleaseView } from './ReleaseView.tsx';

/** /:owner/:repo/releases: the releases, newest first (drafts for writers only: the graph decides). */
export default function Releases() {
  const repo = useRepository();
  const page = usePageNumber();
  const [{ data, error, fetching }] = useQuery({ query: ReleasesDocument, variables: { ...useRepositoryName(), first: PAGE_SIZE, after: pageCursor(page) } });
  if (!repo.hasReleases) return <NotFound />;
  const base = `/${repo.fullName}`;
  const canWrite = repo.viewerPermissions.push;
  return (
    <section aria-labelledby="releases-title" className="stack">
      <div className="row spread">
        <h2 id="releases-title">Releases</h2>
        {canWrite && (
          <Link className="button primary" to={`${base}/releases/new`}>
            New release
          </Link>
        )}
      </div>
      {error ? (
        <ErrorMessage error={error} />
      ) : !data?.repository ? (
        fetching ? <Loading /> : <NotFound />
      ) : (
        <>
          {data.repository.releases.nodes.length === 0 && <p className="muted">No release yet.</p>}
          {data.repository.releases.nodes.map((r) => (
            <ReleaseView key={r.databaseId} release={r} base={base} canWrite={canWrite} heading="h2" />
          ))}
          <Pager total={data.repository.releases.totalCount} />
        </>
      )}
    </section>
  );
}

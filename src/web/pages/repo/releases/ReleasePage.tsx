import { Link, useParams } from 'react-router';
import { useQuery } from 'urql';
import { ReleaseByTagDocument } from '../../../__generated__/pages/repo/releases/releases.ts';
import { ErrorMessage, Loading, NotFound } from '../../../components/Status.tsx';
import { useRepository, useRepositoryName } from '../RepoLayout.tsx';
import { ReleaseView } from './ReleaseView.tsx';

/** /:owner/:repo/releases/tag/:tag: one release. */
export default function ReleasePage() {
  const repo = useRepository();
  const { tag = '' } = useParams();
  const [{ data, error, fetching }] = useQuery({ query: ReleaseByTagDocument, variables: { ...useRepositoryName(), tag } });
  if (error) return <ErrorMessage error={error} />;
  if (fetching && !data) return <Loading />;
  const release = data?.repository?.release;
  if (!release) return <NotFound />;
  const base = `/${repo.fullName}`;
  return (
    <div className="stack">
      <p>
        <Link to={`${base}/releases`}>All releases</Link>
      </p>
      <ReleaseView release={release} base={base} canWrite={repo.viewerPermissions.push} heading="h2" />
    </div>
  );
}

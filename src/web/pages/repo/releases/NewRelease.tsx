import { useNavigate } from 'react-router';
import { useMutation } from 'urql';
import { CreateReleaseDocument } from '../../../__generated__/pages/repo/releases/releases.ts';
import { ErrorMessage, Loading, NotFound } from '../../../components/Status.tsx';
import { useRepository, useRepositoryName } from '../RepoLayout.tsx';
import { ReleaseForm } from './ReleaseForm.tsx';

/** /:owner/:repo/releases/new: a new release, for writers. */
export default function NewRelease() {
  const repo = useRepository();
  const name = useRepositoryName();
  const navigate = useNavigate();
  const [created, create] = useMutation(CreateReleaseDocument);
  if (!repo.viewerPermissions.push || !repo.hasReleases) return <NotFound />;
  return (
    <section aria-labelledby="new-release-title" className="stack">
      <h2 id="new-release-title">New release</h2>
      <ReleaseForm
        initial={{ tagName: '', target: repo.defaultBranch, title: '', note: '', isDraft: false, isPrerelease: false }}
        submitLabel="Publish release"
        busy={created.fetching}
        onSubmit={async (f) => {
          const result = await create({ ...name, input: { ...f, target: f.target || undefined } });
          if (result.data) void navigate(`/${repo.fullName}/releases/edit/${encodeURIComponent(result.data.createRelease.tagName)}`);
        }}
      />
      {created.fetching && <Loading label="Saving" />}
      {created.error && <ErrorMessage error={created.error} />}
    </section>
  );
}

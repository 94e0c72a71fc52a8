import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useMutation, useQuery } from 'urql';
import { DeleteReleaseAssetDocument, DeleteReleaseDocument, ReleaseByTagDocument, UpdateReleaseDocument, UploadReleaseAssetDocument } from '../../../__generated__/pages/repo/releases/releases.ts';
import { ErrorMessage, Loading, NotFound } from '../../../components/Status.tsx';
import { useRepository, useRepositoryName } from '../RepoLayout.tsx';
import { ReleaseForm } from './ReleaseForm.tsx';
import { formatSize } from './ReleaseView.tsx';

/** /:owner/:repo/releases/edit/:tag: change, add assets to, or delete a release; for writers. */
export default function EditRelease() {
  const repo = useRepository();
  const name = useRepositoryName();
  const { tag = '' } = useParams();
  const navigate = useNavigate();
  const [{ data, error, fetching }, reload] = useQuery({ query: ReleaseByTagDocument, variables: { ...name, tag } });
  const [updated, update] = useMutation(UpdateReleaseDocument);
  const [deleted, remove] = useMutation(DeleteReleaseDocument);
  if (!repo.viewerPermissions.push) return <NotFound />;
  if (error) return <ErrorMessage error={error} />;
  if (fetching && !data) return <Loading />;
  const release = data?.repository?.release;
  if (!release) return <NotFound />;
  const base = `/${repo.fullName}`;
  return (
    <section aria-labelledby="edit-release-title" className="stack">
      <h2 id="edit-release-title">Edit release {release.tagName}</h2>
      <ReleaseForm
        key={release.databaseId}
        initial={{ tagName: release.tagName, target: release.target, title: release.title, note: release.note, isDraft: release.isDraft, isPrerelease: release.isPrerelease }}
        submitLabel="Save release"
        busy={updated.fetching}
        onSubmit={async (f) => {
          const result = await update({ ...name, id: release.databaseId, input: f });
          if (result.data) void navigate(`${base}/releases/tag/${encodeURIComponent(result.data.updateRelease.tagName)}`);
        }}
      />
      {updated.fetching && <Loading label="Saving" />}
      {updated.error && <ErrorMessage error={updated.error} />}
      <Assets releaseId={release.databaseId} assets={release.assets} onChange={() => reload({ requestPolicy: 'network-only' })} />
      <section aria-labelledby="delete-release-title" className="box danger-zone">
        <div className="body stack">
          <h3 id="delete-release-title">Delete this release</h3>
          <p>The tag stays.</p>
          <div className="row">
            <button
              type="button"
              className="danger"
              disabled={deleted.fetching}
              onClick={async () => {
                if (!window.confirm(`Delete the release ${release.tagName}?`)) return;
                const result = await remove({ ...name, id: release.databaseId });
                if (result.data?.deleteRelease) void navigate(`${base}/releases`);
              }}
            >
              Delete release
            </button>
          </div>
          {deleted.error && <ErrorMessage error={deleted.error} />}
        </div>
      </section>
    </section>
  );
}

type Asset = { databaseId: number; name: string; size: number };

/** The release's files: upload one (a multipart request), or delete one. */
function Assets({ releaseId, assets, onChange }: { releaseId: number; assets: Asset[]; onChange: () => void }) {
  const name = useRepositoryName();
  const [file, setFile] = useState<File | null>(null);
  const [uploaded, upload] = useMutation(UploadReleaseAssetDocument);
  const [removed, remove] = useMutation(DeleteReleaseAssetDocument);
  return (
    <section aria-labelledby="assets-title" className="stack">
      <h3 id="assets-title">Assets</h3>
      <ul className="plain">
        {assets.map((a) => (
          <li key={a.databaseId} className="row">
            {a.name} <span className="muted">{formatSize(a.size)}</span>
            <button
              type="button"
              className="danger"
              disabled={removed.fetching}
              onClick={async () => {
                const result = await remove({ ...name, releaseId, id: a.databaseId });
                if (result.data) onChange();
              }}
            >
              Delete <span className="visually-hidden">{a.name}</span>
            </button>
          </li>
        ))}
      </ul>
      <form
        className="row"
        onSubmit={async (e) => {
          e.preventDefault();
          if (!file) return;
          const result = await upload({ ...name, releaseId, file, fileName: file.name });
          if (result.data) {
            (e.target as HTMLFormElement).reset();
            setFile(null);
            onChange();
          }
        }}
      >
        <label>
          File to attach
          <input type="file" required onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
        </label>
        <button type="submit" disabled={uploaded.fetching || !file}>
          Upload
        </button>
      </form>
      {uploaded.fetching && <Loading label="Uploading" />}
      {(uploaded.error ?? removed.error) && <ErrorMessage error={(uploaded.error ?? removed.error)!} />}
    </section>
  );
}

import { type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useMutation, useQuery } from 'urql';
import { CreateRepositoryDocument, RepoCreateOwnersDocument } from '../../__generated__/pages/repo-create/repo-create.ts';
import { useViewer } from '../../app/viewer.tsx';
import { ErrorMessage, Loading } from '../../components/Status.tsx';

/** /repo/create: a new repository of the viewer or of an organization they may create in; then its page. */
export default function RepoCreate() {
  const viewer = useViewer();
  const location = useLocation();
  if (!viewer) {
    return (
      <section className="narrow" aria-labelledby="create-title">
        <h1 id="create-title">New repository</h1>
        <p>
          <Link to={`/user/login?redirect_to=${encodeURIComponent(location.pathname + location.search)}`}>Sign in</Link> to create a repository.
        </p>
      </section>
    );
  }
  return <CreateForm login={viewer.login} />;
}

function CreateForm({ login }: { login: string }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [{ data, error }] = useQuery({ query: RepoCreateOwnersDocument, variables: { login } });
  const [created, create] = useMutation(CreateRepositoryDocument);
  if (error) return <ErrorMessage error={error} />;
  if (!data) return <Loading label="Loading" />;
  const owners = [login, ...data.organizations.nodes.filter((o) => o.viewerCanCreateRepository).map((o) => o.login)];
  const wanted = params.get('owner');
  const initialOwner = owners.find((o) => o.toLowerCase() === wanted?.toLowerCase()) ?? login;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const owner = String(form.get('owner'));
    const result = await create({
      owner: owner === login ? null : owner,
      name: String(form.get('name')).trim(),
      description: String(form.get('description')),
      private: form.get('private') === 'on',
      autoInit: form.get('autoInit') === 'on',
      defaultBranch: String(form.get('defaultBranch')).trim() || null,
      objectFormat: form.get('objectFormat') === 'sha256' ? 'sha256' : 'sha1',
    });
    if (result.data) void navigate(`/${result.data.createRepository.fullName}`);
  }

  return (
    <section className="narrow repo-create" aria-labelledby="create-title">
      <h1 id="create-title">New repository</h1>
      <form className="stack" onSubmit={(e) => void submit(e)}>
        <label>
          Owner
          <select name="owner" defaultValue={initialOwner}>
            {owners.map((o) => (
              <option key={o} value={o}>
                {o}
              </option>
            ))}
          </select>
        </label>
        <label>
          Repository name
          <input name="name" required maxLength={100} pattern="[A-Za-z0-9_.\-]+" title="Letters, digits, dashes, underscores and dots" autoComplete="off" />
        </label>
        <label>
          Description
          <textarea name="description" maxLength={2048} rows={3} />
        </label>
        <label className="inline">
          <input name="private" type="checkbox" /> Private (only you and those you grant access see it)
        </label>
        <fieldset className="stack">
          <legend>Initial content</legend>
          <label className="inline">
            <input name="autoInit" type="checkbox" defaultChecked /> Initialize with a README
          </label>
          <label>
            Default branch
            <input name="defaultBranch" defaultValue="main" required autoComplete="off" />
          </label>
          <label>
            Object format
            <select name="objectFormat" defaultValue="sha1">
              <option value="sha1">sha1</option>
              <option value="sha256">sha256</option>
            </select>
          </label>
          <span className="hint">The object format cannot be changed later.</span>
        </fieldset>
        {created.error && <ErrorMessage error={created.error} />}
        <button type="submit" className="primary" disabled={created.fetching}>
          {created.fetching ? 'Creating repository…' : 'Create repository'}
        </button>
        {created.fetching && <Loading label="Creating the repository" />}
      </form>
    </section>
  );
}

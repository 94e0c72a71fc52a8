import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useMutation, useQuery } from 'urql';
import { DeleteRepositorySettingsDocument, RepositorySettingsDocument, TransferRepositorySettingsDocument, UpdateRepositorySettingsDocument, type RepositorySettingsQuery, type UpdateRepositoryInput } from '../../../__generated__/pages/repo/settings/settings.ts';
import { ErrorMessage, Loading, NotFound } from '../../../components/Status.tsx';
import { useRepositoryName } from '../RepoLayout.tsx';
import { Saved } from './Saved.tsx';

type Settings = NonNullable<RepositorySettingsQuery['repository']>;

const UNITS: [keyof Settings & keyof UpdateRepositoryInput, string][] = [
  ['hasCode', 'Code'],
  ['hasIssues', 'Issues'],
  ['hasPullRequests', 'Pull requests'],
  ['hasWiki', 'Wiki'],
  ['hasReleases', 'Releases'],
  ['hasProjects', 'Projects'],
  ['hasPackages', 'Packages'],
  ['hasActions', 'Actions'],
];

const MERGE_STYLES: [keyof Settings & keyof UpdateRepositoryInput, string, string][] = [
  ['allowMergeCommits', 'merge', 'Create a merge commit'],
  ['allowRebase', 'rebase', 'Rebase then fast-forward'],
  ['allowRebaseExplicit', 'rebase-merge', 'Rebase then create a merge commit'],
  ['allowSquashMerge', 'squash', 'Squash'],
  ['allowFastForwardOnlyMerge', 'fast-forward-only', 'Fast-forward only'],
  ['allowManualMerge', 'manually-merged', 'Mark as merged manually'],
];

const checked = (form: FormData, name: string) => form.get(name) === 'on';

export default function Options() {
  const variables = useRepositoryName();
  const [{ data, error, fetching }] = useQuery({ query: RepositorySettingsDocument, variables });
  if (error) return <ErrorMessage error={error} />;
  if (fetching && !data) return <Loading />;
  const repo = data?.repository;
  if (!repo) return <NotFound />;
  return (
    <>
      <h2 className="visually-hidden">Options</h2>
      <BasicOptions repo={repo} />
      <UnitOptions repo={repo} />
      <MergeOptions repo={repo} />
      <DangerZone repo={repo} />
    </>
  );
}

/** A form section that saves through updateRepository and says when it did. */
function useUpdate() {
  const variables = useRepositoryName();
  const [result, update] = useMutation(UpdateRepositorySettingsDocument);
  const [saved, setSaved] = useState(false);
  async function save(input: UpdateRepositoryInput) {
    setSaved(false);
    const outcome = await update({ ...variables, input });
    if (outcome.data) setSaved(true);
    return outcome.data?.updateRepository;
  }
  return { result, saved, save };
}

function BasicOptions({ repo }: { repo: Settings }) {
  const navigate = useNavigate();
  const { result, saved, save } = useUpdate();
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const name = String(form.get('name')).trim();
    const updated = await save({
      name: name === repo.name ? undefined : name,
      description: String(form.get('description')),
      website: String(form.get('website')),
      private: checked(form, 'private'),
      template: checked(form, 'template'),
      defaultBranch: form.get('defaultBranch') ? String(form.get('defaultBranch')) : undefined,
    });
    // A renamed repository lives at its new address.
    if (updated && updated.name !== repo.name) void navigate(`/${updated.fullName}/settings`, { replace: true });
  }
  return (
    <section className="box" aria-labelledby="basic-title">
      <header>
        <h2 id="basic-title">Repository</h2>
      </header>
      <form className="body stack" onSubmit={(e) => void submit(e)}>
        <label>
          Repository name
          <input name="name" defaultValue={repo.name} required maxLength={100} />
        </label>
        <label>
          Description
          <textarea name="description" defaultValue={repo.description} rows={3} />
        </label>
        <label>
          Website
          <input name="website" type="url" defaultValue={repo.website} />
        </label>
        {repo.branches.nodes.length > 0 && (
          <label>
            Default branch
            <select name="defaultBranch" defaultValue={repo.defaultBranch}>
              {repo.branches.nodes.map((b) => (
                <option key={b.name}>{b.name}</option>
              ))}
            </select>
          </label>
        )}
        <label className="inline">
          <input name="private" type="checkbox" defaultChecked={repo.isPrivate} /> Private: only those given access see it
        </label>
        <label className="inline">
          <input name="template" type="checkbox" defaultChecked={repo.isTemplate} /> Template: new repositories may be made from it
        </label>
        {result.error && <ErrorMessage error={result.error} />}
        <div className="row">
          <button type="submit" className="primary" disabled={result.fetching}>
            Update settings
          </button>
          <Saved saved={saved} />
        </div>
      </form>
    </section>
  );
}

function UnitOptions({ repo }: { repo: Settings }) {
  const { result, saved, save } = useUpdate();
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    await save(Object.fromEntries(UNITS.map(([key]) => [key, checked(form, key)])));
  }
  return (
    <section className="box" aria-labelledby="units-title">
      <header>
        <h2 id="units-title">Units</h2>
      </header>
      <form className="body stack" onSubmit={(e) => void submit(e)}>
        <fieldset>
          <legend>Parts of the repository that are on</legend>
          {UNITS.map(([key, label]) => (
            <label className="inline" key={key}>
              <input name={key} type="checkbox" defaultChecked={Boolean(repo[key])} /> {label}
            </label>
          ))}
        </fieldset>
        {result.error && <ErrorMessage error={result.error} />}
        <div className="row">
          <button type="submit" className="primary" disabled={result.fetching}>
            Update units
          </button>
          <Saved saved={saved} />
        </div>
      </form>
    </section>
  );
}

function MergeOptions({ repo }: { repo: Settings }) {
  const { result, saved, save } = useUpdate();
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    await save({
      ...Object.fromEntries(MERGE_STYLES.map(([key]) => [key, checked(form, key)])),
      allowRebaseUpdate: checked(form, 'allowRebaseUpdate'),
      defaultDeleteBranchAfterMerge: checked(form, 'defaultDeleteBranchAfterMerge'),
      defaultMergeStyle: String(form.get('defaultMergeStyle')),
    });
  }
  return (
    <section className="box" aria-labelledby="merge-title">
      <header>
        <h2 id="merge-title">Pull request merging</h2>
      </header>
      <form className="body stack" onSubmit={(e) => void submit(e)}>
        <fieldset>
          <legend>Merge styles allowed</legend>
          {MERGE_STYLES.map(([key, , label]) => (
            <label className="inline" key={key}>
              <input name={key} type="checkbox" defaultChecked={Boolean(repo[key])} /> {label}
            </label>
          ))}
        </fieldset>
        <label>
          Default merge style
          <select name="defaultMergeStyle" defaultValue={repo.defaultMergeStyle}>
            {MERGE_STYLES.map(([, style, label]) => (
              <option key={style} value={style}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label className="inline">
          <input name="allowRebaseUpdate" type="checkbox" defaultChecked={repo.allowRebaseUpdate} /> Allow updating a pull request branch by rebase
        </label>
        <label className="inline">
          <input name="defaultDeleteBranchAfterMerge" type="checkbox" defaultChecked={repo.defaultDeleteBranchAfterMerge} /> Delete the
          branch after merging, by default
        </label>
        {result.error && <ErrorMessage error={result.error} />}
        <div className="row">
          <button type="submit" className="primary" disabled={result.fetching}>
            Update merging
          </button>
          <Saved saved={saved} />
        </div>
      </form>
    </section>
  );
}

function DangerZone({ repo }: { repo: Settings }) {
  const variables = useRepositoryName();
  const navigate = useNavigate();
  const archive = useUpdate();
  const [transfer, runTransfer] = useMutation(TransferRepositorySettingsDocument);
  const [transferState, setTransferState] = useState<string | null>(null);
  const [removal, remove] = useMutation(DeleteRepositorySettingsDocument);
  const [confirmName, setConfirmName] = useState('');

  async function submitTransfer(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const newOwner = String(new FormData(event.currentTarget).get('newOwner')).trim();
    const outcome = await runTransfer({ ...variables, newOwner });
    const payload = outcome.data?.transferRepository;
    if (!payload) return;
    if (payload.pending) setTransferState(`${newOwner} has been asked to accept the repository.`);
    else window.location.assign(`/${payload.repository.fullName}`);
  }

  async function submitDelete(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const outcome = await remove(variables);
    if (outcome.data?.deleteRepository) void navigate('/', { replace: true });
  }

  return (
    <section className="box danger-zone" aria-labelledby="danger-title">
      <header>
        <h2 id="danger-title">Danger zone</h2>
      </header>
      <div className="body stack">
        <h3>{repo.isArchived ? 'Unarchive this repository' : 'Archive this repository'}</h3>
        <p className="muted">
          {repo.isArchived ? 'It takes pushes, issues and pull requests again.' : 'It becomes read-only: no pushes, issues or pull requests.'}
        </p>
        {archive.result.error && <ErrorMessage error={archive.result.error} />}
        <div className="row">
          <button type="button" className="danger" disabled={archive.result.fetching} onClick={() => void archive.save({ archived: !repo.isArchived })}>
            {repo.isArchived ? 'Unarchive' : 'Archive'}
          </button>
        </div>
      </div>
      <form className="body stack" onSubmit={(e) => void submitTransfer(e)}>
        <h3>Transfer ownership</h3>
        <label>
          New owner (a user or an organization)
          <input name="newOwner" required autoComplete="off" />
        </label>
        {transfer.error && <ErrorMessage error={transfer.error} />}
        {transferState && (
          <p className="success" role="status">
            {transferState}
          </p>
        )}
        <div className="row">
          <button type="submit" className="danger" disabled={transfer.fetching}>
            Transfer
          </button>
        </div>
      </form>
      <form className="body stack" onSubmit={(e) => void submitDelete(e)}>
        <h3>Delete this repository</h3>
        <p className="muted">Its code, issues, pull requests and everything else go, for good.</p>
        <label>
          <span>
            Type <strong>{repo.name}</strong> to confirm
          </span>
          <input name="confirm" value={confirmName} onChange={(e) => setConfirmName(e.target.value)} autoComplete="off" />
        </label>
        {removal.error && <ErrorMessage error={removal.error} />}
        <div className="row">
          <button type="submit" className="danger" disabled={confirmName !== repo.name || removal.fetching}>
            Delete this repository
          </button>
        </div>
      </form>
    </section>
  );
}

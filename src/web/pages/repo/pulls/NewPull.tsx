import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useMutation, useQuery } from 'urql';
import { CreatePullDocument, PullNewFormDocument } from '../../../__generated__/pages/repo/pulls/pulls.ts';
import { useViewer } from '../../../app/viewer.tsx';
import { ErrorMessage, Loading, NotFound } from '../../../components/Status.tsx';
import { useRepositoryName } from '../RepoLayout.tsx';

/** Opens a pull request between two branches of the repository. */
export default function NewPull() {
  const { owner, name } = useRepositoryName();
  const viewer = useViewer();
  const navigate = useNavigate();
  const [{ data, error, fetching }] = useQuery({ query: PullNewFormDocument, variables: { owner, name } });
  const [base, setBase] = useState('');
  const [head, setHead] = useState('');
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [created, create] = useMutation(CreatePullDocument);
  if (!viewer) {
    return (
      <p>
        <Link to="/user/login">Sign in</Link> to open a pull request.
      </p>
    );
  }
  if (error) return <ErrorMessage error={error} />;
  if (fetching && !data) return <Loading />;
  const repo = data?.repository;
  if (!repo) return <NotFound />;
  const branches = repo.branches.nodes.map((b) => b.name);
  const chosenBase = base || repo.defaultBranch;
  const chosenHead = head || branches.find((b) => b !== chosenBase) || chosenBase;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const result = await create({ owner, name, input: { base: chosenBase, head: chosenHead, title, body } });
    const number = result.data?.createPullRequest.number;
    if (number) void navigate(`/${owner}/${name}/pulls/${number}`);
  };
  return (
    <section aria-labelledby="new-pull-title">
      <h2 id="new-pull-title">New pull request</h2>
      <form className="stack new-pull-form" onSubmit={submit}>
        <div className="row">
          <label>
            Base branch (merge into)
            <select value={chosenBase} onChange={(e) => setBase(e.target.value)}>
              {branches.map((b) => (
                <option key={b}>{b}</option>
              ))}
            </select>
          </label>
          <span aria-hidden="true">←</span>
          <label>
            Head branch (changes from)
            <select value={chosenHead} onChange={(e) => setHead(e.target.value)}>
              {branches.map((b) => (
                <option key={b}>{b}</option>
              ))}
            </select>
          </label>
        </div>
        {chosenBase === chosenHead && <p className="error">Choose two different branches.</p>}
        <label>
          Title
          <input value={title} onChange={(e) => setTitle(e.target.value)} required />
        </label>
        <label>
          Description
          <textarea value={body} onChange={(e) => setBody(e.target.value)} />
        </label>
        {created.error && <ErrorMessage error={created.error} />}
        <div>
          <button type="submit" className="primary" disabled={created.fetching || !title.trim() || chosenBase === chosenHead}>
            {created.fetching ? 'Creating…' : 'Create pull request'}
          </button>
        </div>
      </form>
    </section>
  );
}

import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery } from 'urql';
import { RemoveCollaboratorDocument, RepositoryCollaboratorsDocument, SetCollaboratorDocument } from '../../../__generated__/pages/repo/settings/settings.ts';
import { Avatar } from '../../../components/Avatar.tsx';
import { ErrorMessage, Loading, NotFound } from '../../../components/Status.tsx';
import { useRepositoryName } from '../RepoLayout.tsx';

const PERMISSIONS = [
  ['read', 'Read'],
  ['write', 'Write'],
  ['admin', 'Administrator'],
] as const;

export default function Collaborators() {
  const variables = useRepositoryName();
  const [{ data, error, fetching }, refetch] = useQuery({ query: RepositoryCollaboratorsDocument, variables });
  const [setResult, setCollaborator] = useMutation(SetCollaboratorDocument);
  const [removeResult, removeCollaborator] = useMutation(RemoveCollaboratorDocument);
  const [login, setLogin] = useState('');

  // The mutations answer a Boolean, which the document cache cannot tie to the list: it is asked again.
  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const outcome = await setCollaborator({ ...variables, login: login.trim(), permission: String(form.get('permission')) });
    if (outcome.data) {
      setLogin('');
      refetch({ requestPolicy: 'network-only' });
    }
  }
  async function change(who: string, permission: string) {
    const outcome = await setCollaborator({ ...variables, login: who, permission });
    if (outcome.data) refetch({ requestPolicy: 'network-only' });
  }
  async function remove(who: string) {
    const outcome = await removeCollaborator({ ...variables, login: who });
    if (outcome.data) refetch({ requestPolicy: 'network-only' });
  }

  if (error) return <ErrorMessage error={error} />;
  if (fetching && !data) return <Loading />;
  const collaborations = data?.repository?.collaborations;
  if (!collaborations) return <NotFound />;
  return (
    <section aria-labelledby="collaborators-title">
      <h2 id="collaborators-title">
        Collaborators <span className="count">{collaborations.totalCount}</span>
      </h2>
      {collaborations.nodes.length === 0 ? (
        <p className="muted">No one has been given access to this repository yet.</p>
      ) : (
        <ul className="plain collaborators">
          {collaborations.nodes.map(({ user, permission }) => (
            <li key={user.login} className="row">
              <Avatar url={user.avatarUrl} login={user.login} />
              <Link to={`/${user.login}`}>{user.login}</Link>
              <label className="inline collaborator-permission">
                <span className="visually-hidden">Permission of {user.login}</span>
                <select value={permission} disabled={setResult.fetching} onChange={(e) => void change(user.login, e.target.value)}>
                  {PERMISSIONS.map(([value, label]) => (
                    <option key={value} value={value}>
                      {label}
                    </option>
                  ))}
                </select>
              </label>
              <button type="button" className="danger" disabled={removeResult.fetching} onClick={() => void remove(user.login)}>
                Remove <span className="visually-hidden">{user.login}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {removeResult.error && <ErrorMessage error={removeResult.error} />}
      <form className="box body stack add-collaborator" onSubmit={(e) => void add(e)}>
        <h3>Add a collaborator</h3>
        <div className="row">
          <label>
            User name
            <input name="login" value={login} onChange={(e) => setLogin(e.target.value)} required autoComplete="off" />
          </label>
          <div className="field">
            <label htmlFor="new-collaborator-permission">Permission</label>
            <select id="new-collaborator-permission" name="permission" defaultValue="write">
              {PERMISSIONS.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
        </div>
        {setResult.error && <ErrorMessage error={setResult.error} />}
        <div className="row">
          <button type="submit" className="primary" disabled={setResult.fetching}>
            Add collaborator
          </button>
        </div>
      </form>
    </section>
  );
}
